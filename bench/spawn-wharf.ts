// Starts `wharf serve` on a fresh data directory (embedded PostgreSQL), picks
// up the site admin token it prints on first start, and waits until an
// authenticated request succeeds.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hasExited, spawnNode, stopChild, type Child } from './child-process.js';
import { entryNodeFlags } from './entry-node-flags.js';
import { freePort } from '../server/db/free-port.js';

/**
 * Rate limits high enough never to trip during a run: the benchmark measures
 * the request hot path, not 429 responses.
 */
export const BENCH_RATE_LIMIT = 100_000_000;

export interface WharfServer {
  child: Child;
  baseUrl: string;
  /** The site admin's personal token. */
  token: string;
  /** SIGTERM and wait, so Wharf stops its embedded PostgreSQL itself. */
  stop(): Promise<void>;
}

/** Last resort when Wharf had to be SIGKILLed: fast-shutdown its PostgreSQL. */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
}

/**
 * `nodeArgs` go before the script (`--cpu-prof` for bench/profile-hot-path.ts;
 * Node refuses it in NODE_OPTIONS); `entry` is another checkout's
 * bin/wharf.mjs for bench/ab-rounds.ts; `extraEnv` are settings on top of the
 * bench's (e.g. the webhook ones of bench/webhooks.ts).
 */
export async function startWharf(
  dataDir: string,
  timeoutMs = 120_000,
  nodeArgs: string[] = [],
  entry = 'bin/wharf.mjs',
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<WharfServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: 'warn',
    WHARF_RATE_LIMIT_AUTHENTICATED: String(BENCH_RATE_LIMIT),
    WHARF_RATE_LIMIT_UNAUTHENTICATED: String(BENCH_RATE_LIMIT),
    ...extraEnv,
  };
  // Unset → embedded PostgreSQL, started and stopped by the server itself.
  delete env.DATABASE_URL;
  // Run bin/wharf.mjs directly (not through npm) so the child's pid is the
  // server's own Node process, with the V8 flags its shebang gives npm start.
  const child = spawnNode([...entryNodeFlags(entry), ...nodeArgs, entry, 'serve'], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!(await stopChild(child.process, 30_000))) await stopOrphanedPostgres(dataDir);
  };

  try {
    const token = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no admin token from wharf after ${timeoutMs} ms:\n${child.stderrTail()}`)),
        timeoutMs,
      );
      child.onLine((line, stream) => {
        if (stream === 'stderr' && line.startsWith('ghp_')) {
          clearTimeout(timer);
          resolve(line.trim());
        }
      });
      child.process.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`wharf exited (${signal ?? code}) during start-up:\n${child.stderrTail()}`));
      });
    });

    // The token is printed before the HTTP server listens: poll until ready.
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (hasExited(child.process)) throw new Error(`wharf exited during start-up:\n${child.stderrTail()}`);
      try {
        const response = await fetch(`${baseUrl}/user`, { headers: { authorization: `token ${token}` } });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`wharf not answering GET /user with 200 after ${timeoutMs} ms:\n${child.stderrTail()}`);
      await sleep(200);
    }
    return { child, baseUrl, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
