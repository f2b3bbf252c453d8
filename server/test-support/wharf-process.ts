// `wharf serve` / `wharf worker` as child processes, watched: an exit (the
// thing a database restart must never cause) is recorded with the last lines
// the process wrote, and the site admin's token is read from serve's stderr.
import { spawn, type ChildProcess } from 'node:child_process';

const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

export interface WharfProcess {
  name: string;
  child: ChildProcess;
  /** Every line written to stderr (JSON log lines, and the bootstrap token). */
  lines: string[];
  /** Set when the process has exited: how, and its last stderr lines. */
  exit: { code: number | null; signal: string | null; tail: string[] } | undefined;
  /** Lines matching `pattern` (e.g. log messages at error level). */
  grep(pattern: RegExp): string[];
  stop(): Promise<void>;
}

export function startWharf(name: string, command: 'serve' | 'worker', env: Record<string, string>): WharfProcess {
  const child = spawn(process.execPath, [CLI, command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc: WharfProcess = {
    name,
    child,
    lines,
    exit: undefined,
    grep: (pattern) => lines.filter((line) => pattern.test(line)),
    async stop() {
      if (proc.exit === undefined && child.exitCode === null) {
        stopping = true;
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) proc.exit = { code, signal, tail: lines.slice(-20) };
  });
  return proc;
}

/** The token `wharf serve` prints once when it creates the site admin. */
export async function bootstrapToken(serve: WharfProcess, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = serve.lines.findIndex((line) => line.includes('Its personal token is shown this once'));
    if (at >= 0 && serve.lines[at + 1]) return serve.lines[at + 1]!.trim();
    if (serve.exit || Date.now() > deadline)
      throw new Error(`no admin token from wharf serve:\n${serve.lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `url` answers 200 (the process listens). */
export async function waitFor200(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 (last: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
