// One bash process that runs blocks of shell one after another, as a reader
// pastes them into one terminal: variables, `cd` and background jobs carry
// over from block to block. `set -eo pipefail` ends the session at the first
// failing command, so a broken block fails there rather than further on.
import { type ChildProcess, spawn } from 'node:child_process';

export interface ShellSession {
  /** Runs `script`; resolves with what it printed on stdout once it has finished. */
  run(script: string, timeoutMs?: number): Promise<string>;
  /** Everything printed so far on stdout, background jobs' lines included. */
  stdout(): string;
  stderr(): string;
  /** Ends bash and every job it started (its process group). */
  close(): Promise<void>;
}

export function startShellSession(cwd: string, env: NodeJS.ProcessEnv, prelude: string): ShellSession {
  // detached: bash leads its own process group, so close() also ends the
  // background jobs a block started (the tour's receiver).
  const child: ChildProcess = spawn('bash', ['--noprofile', '--norc'], { cwd, env, detached: true });
  let out = '';
  let err = '';
  let exited: string | undefined;
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    out += text;
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    err += text;
  });
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `bash exited (${code ?? signal})`;
      resolve();
    }),
  );
  child.stdin!.write(`set -eo pipefail\n${prelude}\n`);
  let blocks = 0;

  return {
    async run(script, timeoutMs = 30_000) {
      const marker = `::block-done:${++blocks}::`;
      const from = out.length;
      child.stdin!.write(`${script}\necho '${marker}'\n`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = out.indexOf(`${marker}\n`, from);
        if (at >= 0) return out.slice(from, at);
        if (exited || Date.now() > deadline) {
          throw new Error(
            `${exited ?? `no end after ${timeoutMs} ms`} in:\n${script}\n--- stdout\n${out.slice(from)}\n--- stderr\n${err}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stdout: () => out,
    stderr: () => err,
    async close() {
      // The whole group even when bash itself has ended (a failed block):
      // a background job it started may still run.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // nothing of the group is left
      }
      await exit;
    },
  };
}
