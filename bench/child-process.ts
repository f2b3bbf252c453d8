// Spawning and stopping the benchmark's child servers. Each server is its own
// Node process so its RSS and CPU can be read from /proc separately from the
// load generator running in this process.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface Child {
  process: ChildProcess;
  pid: number;
  /** Last lines of stderr, for error messages when the child misbehaves. */
  stderrTail(): string;
  /** Calls back for every complete line on stdout or stderr. */
  onLine(listener: (line: string, stream: 'stdout' | 'stderr') => void): void;
}

const TAIL_LINES = 30;

/** Runs `node <args>` from the repository root with exactly `env`. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): Child {
  // BENCH_CPU_PROF_DIR: every child writes a V8 CPU profile there when it exits
  // (--cpu-prof cannot be passed through NODE_OPTIONS).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a Ctrl-C in the terminal reaches only this script,
    // which then stops the servers once, in order. (Wharf handles a single
    // SIGINT cleanly, but a second one would kill it before its embedded
    // PostgreSQL is stopped.)
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not spawn node ${args.join(' ')}`);
  const tail: string[] = [];
  const listeners: ((line: string, stream: 'stdout' | 'stderr') => void)[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    let partial = '';
    child[stream]!.setEncoding('utf8');
    // Always drained: a full pipe would block the child.
    child[stream]!.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (stream === 'stderr') {
          tail.push(line);
          if (tail.length > TAIL_LINES) tail.shift();
        }
        for (const listener of listeners) listener(line, stream);
      }
    });
  }
  return {
    process: child,
    pid: child.pid,
    stderrTail: () => tail.join('\n'),
    onLine: (listener) => void listeners.push(listener),
  };
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves when the child exits; rejects never. */
export async function exited(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  await once(child, 'exit');
}

/**
 * SIGTERM, then wait up to `graceMs` for a clean exit before SIGKILL.
 * Returns false when the child had to be killed.
 */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<boolean> {
  if (hasExited(child)) return true;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
  });
  const outcome = await Promise.race([exited(child).then(() => 'exited' as const), timedOut]);
  clearTimeout(timer);
  if (outcome === 'exited') return true;
  child.kill('SIGKILL');
  await exited(child);
  return false;
}
