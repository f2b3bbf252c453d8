// The database handle: a postgres.js pool plus the invalidation channel that
// keeps every process's caches coherent (see cache-invalidation.ts).
import postgres from 'postgres';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrate } from './migrate.js';

export type Sql = postgres.Sql<{ bigint: number }>;
export type TransactionSql = postgres.TransactionSql<{ bigint: number }>;

export interface Database {
  sql: Sql;
  url: string;
  close(): Promise<void>;
}

/** int8 columns (ids, counters) come back as numbers: ids stay far below 2^53. */
const bigintAsNumber = {
  to: 20,
  from: [20],
  serialize: (value: number) => String(value),
  parse: (value: string) => Number(value),
};

/**
 * While PostgreSQL is away a request waits at most this long for a connection
 * before it is answered 503 (postgres.js waits 30 s by default). A refused
 * connection fails at once; this bounds an unreachable host.
 */
const CONNECT_TIMEOUT_S = 5;

/**
 * Delay before a connection retries a failed connect, in seconds. postgres.js
 * grows it to 20 s across consecutive failures (shared by the pool), which
 * after a restart would keep a process unready long after PostgreSQL is back.
 */
const reconnectBackoffS = (retries: number) => Math.min(0.05 * 2 ** retries, 1);

/**
 * `onStatement`: called with every statement Wharf sends (tests and the
 * benchmark count them). Two that belong to no request are left out:
 * postgres.js's own array-type lookup, sent once by each new pooled
 * connection (which request happens to open a connection is chance), and the
 * cache listener's heartbeat (cache-invalidation.ts), sent every 5 s on a
 * timer. Counting either made statement budgets flaky in CI.
 */
export function connect(url: string, options: { max?: number; onStatement?: (query: string) => void } = {}): Sql {
  const { onStatement } = options;
  return postgres(url, {
    max: options.max ?? 10,
    ...(onStatement
      ? { debug: (_connection: number, query: string) => void (isBackground(query) || onStatement(query)) }
      : {}),
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: reconnectBackoffS,
    onnotice: () => {},
    types: { bigint: bigintAsNumber },
    connection: { application_name: 'wharf' },
  }) as unknown as Sql;
}

/** The statement postgres.js sends on a new connection to learn array type oids, and the listener heartbeat's upsert. */
const isBackground = (query: string) =>
  /from pg_catalog\.pg_type a\s+left join pg_catalog\.pg_type b/.test(query) ||
  /^\s*INSERT INTO cache_listeners\b/.test(query);

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = connect(adminUrl, { max: 1 });
  try {
    const [row] = await admin`SELECT 1 AS ok FROM pg_database WHERE datname = ${name}`;
    if (!row) await admin.unsafe(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/** Whether `error` says the connection's database does not exist. */
const isMissingDatabase = (error: unknown) => (error as { code?: string }).code === '3D000';

/** Opens the configured database (embedded when DATABASE_URL is unset) and migrates it. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  let url = config.databaseUrl;
  let stopCluster = async () => {};
  let createDatabase: (() => Promise<void>) | undefined;
  if (!url) {
    const cluster = await startEmbeddedPostgres(config.dataDir, log);
    url = cluster.url('wharf');
    stopCluster = () => cluster.stop();
    // Created when the first connection finds it missing: a process joining a
    // running cluster (an admin command) then opens one connection, not two.
    createDatabase = () => ensureDatabase(cluster.url('postgres'), 'wharf');
  }
  let sql = connect(url);
  try {
    let applied;
    try {
      applied = await migrate(sql);
    } catch (error) {
      if (!createDatabase || !isMissingDatabase(error)) throw error;
      await sql.end();
      await createDatabase();
      sql = connect(url);
      applied = await migrate(sql);
    }
    if (applied.length) log.info('migrations applied', { versions: applied });
  } catch (error) {
    await sql.end();
    await stopCluster();
    throw error;
  }
  return {
    sql,
    url,
    close: async () => {
      await sql.end({ timeout: 5 });
      await stopCluster();
    },
  };
}
