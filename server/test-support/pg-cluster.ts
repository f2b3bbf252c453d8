// A PostgreSQL 15 cluster of a test's own (not the suite's shared one), so it
// can be stopped and started under load. Binaries from Debian's
// postgresql-15 package (WHARF_PG_BIN to override). PostgreSQL refuses to
// run as root, so as root the cluster belongs to the `postgres` user.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../db/free-port.js';

const run = promisify(execFile);
const BIN = process.env.WHARF_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const RUN_AS = 'postgres';

export interface PgCluster {
  port: number;
  url(database: string): string;
  /** `pg_ctl stop -m immediate`: the postmaster and every backend are killed, as in a crash. */
  stopImmediate(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections (crash recovery done). */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function uidOf(user: string): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['-u', user]);
  const { stdout: gid } = await run('id', ['-g', user]);
  return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}

export async function startPgCluster(): Promise<PgCluster> {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(
      `no PostgreSQL binaries in ${BIN}: apt-get install postgresql-15, or set WHARF_PG_BIN to a PostgreSQL 15+ bin directory`,
    );
  }
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(join(tmpdir(), 'wharf-pg-restart-'));
  const dataDir = join(dir, 'data');
  if (asRoot) {
    const { uid, gid } = await uidOf(RUN_AS);
    await chown(dir, uid, gid);
    await chmod(dir, 0o700);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', RUN_AS, '--', join(BIN, tool), ...args]) : run(join(BIN, tool), args);
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync off: this cluster's durability is not under test, its restarts are.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  await start();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stopImmediate() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
    start,
    async destroy() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
