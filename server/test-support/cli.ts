// Test helpers for work done from another process: run `wharf …` against a
// test server's database, and wait for the server to see the change (it
// arrives through LISTEN/NOTIFY, so not necessarily by the next request).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestServer } from './test-server.js';

const run = promisify(execFile);
const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

/** Runs the CLI with the server's configuration; returns stdout, throws on a non-zero exit. */
export async function wharfCli(server: TestServer, ...args: string[]): Promise<string> {
  const { stdout } = await run('node', [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: server.databaseUrl, WHARF_DATA_DIR: server.dataDir, WHARF_LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** Calls `attempt` until `done` accepts its result (every 50 ms, up to `timeoutMs`); returns that result. */
export async function eventually<T>(
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
