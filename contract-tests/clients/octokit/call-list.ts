// Runs the call list for a client written in TypeScript: each call is run in
// turn, a failure is printed with its error and the run goes on, and the
// closing line counts the calls that passed.
export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Deliveries are recorded once sent (as on GitHub): poll until `read` returns a non-empty list. */
export async function until<T>(read: () => Promise<T[]>, what: string, seconds = 15): Promise<T[]> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (value.length > 0) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function callList(client: string, base: string) {
  let passed = 0;
  let total = 0;
  return {
    async call<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
      total += 1;
      try {
        const value = await run();
        passed += 1;
        return value;
      } catch (error) {
        const status = (error as { status?: number }).status;
        console.error(`FAIL ${name}: ${status ? `${status} ` : ''}${(error as Error).message}`);
        return undefined;
      }
    },
    finish(): void {
      console.log(`${client}: ${passed}/${total} calls pass (base ${base})`);
      process.exitCode = passed === total ? 0 : 1;
    },
  };
}
