// An embedded PostgreSQL cluster for tests, in a temporary directory. Its
// data is thrown away, so it runs without fsync. Started lazily inside a test
// process it must not keep that process alive (node:test waits for an empty
// event loop), so the child is unreferenced and stopped by an 'exit' handler.
import { chmod } from 'node:fs/promises';
import { existsSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '../../server/db/free-port.js';
import { loadEmbeddedPostgres } from '../../server/db/load-embedded-postgres.js';
import { scratchDir } from './scratch-dir.js';

export interface TestCluster {
  /** Admin URL (the `postgres` database). */
  url: string;
  stop(): Promise<void>;
}

interface ChildLike {
  pid?: number;
  unref(): void;
  kill(signal: string): boolean;
  stdout?: { unref?(): void } | null;
  stderr?: { unref?(): void } | null;
}

/** Waits (synchronously: it runs in 'exit' handlers) until the postmaster has removed its pid file. */
function waitForShutdown(clusterDir: string, maxMs: number) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + maxMs;
  while (existsSync(join(clusterDir, 'postmaster.pid')) && Date.now() < until) Atomics.wait(pause, 0, 0, 20);
}

export async function startEmbeddedCluster(): Promise<TestCluster> {
  const dir = await scratchDir('wharf-testing-pg-');
  // As root the cluster runs as the `postgres` user, which must reach its directory inside ours.
  if (process.getuid?.() === 0) await chmod(dir, 0o711);
  const clusterDir = join(dir, 'pg');
  const user = 'wharf';
  const password = randomBytes(18).toString('base64url');
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--no-sync'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'max_connections=500', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
      ...['-c', 'full_page_writes=off'],
    ],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  const child = (pg as unknown as { process?: ChildLike }).process;
  child?.unref();
  child?.stdout?.unref?.();
  child?.stderr?.unref?.();
  const onExit = () => {
    child?.kill('SIGINT');
    waitForShutdown(clusterDir, 5_000);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
