// One migrated template database per PostgreSQL server and schema version,
// and a database cloned from it for every startWharf(): cloning copies files,
// which takes a fraction of the time migrating does. The template's name
// carries a digest of the migrations, so a newer Wharf never uses an older
// template left on a shared server; an advisory lock lets any number of
// processes ask for it at once.
import { createHash, randomBytes } from 'node:crypto';
import { connect } from '../../server/db/database.js';
import { loadMigrations, migrate } from '../../server/db/migrate.js';
import { startEmbeddedCluster, type TestCluster } from './embedded-cluster.js';

/** Set by the global setup (or by you) for every process of a test run. */
export const DATABASE_URL_ENV = 'WHARF_TESTING_DATABASE_URL';
const TEMPLATE_LOCK = 735_001;

let embedded: Promise<TestCluster> | undefined;
const templates = new Map<string, Promise<string>>();

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/** The admin URL to use: the option, the environment, or this process's own embedded cluster. */
export async function adminUrl(given: string | undefined): Promise<string> {
  const url = given ?? process.env[DATABASE_URL_ENV];
  if (url) return url;
  embedded ??= startEmbeddedCluster();
  return (await embedded).url;
}

async function templateName(): Promise<string> {
  const digest = createHash('sha256');
  for (const m of await loadMigrations()) digest.update(`${m.version}\0${m.name}\0${m.sql}\0`);
  return `wharf_testing_${digest.digest('hex').slice(0, 16)}`;
}

async function createTemplate(admin: string): Promise<string> {
  const name = await templateName();
  const sql = connect(admin, { max: 1 });
  try {
    await sql`SELECT pg_advisory_lock(${TEMPLATE_LOCK})`;
    const [exists] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!exists) {
      // Migrated under another name and renamed, so a crash never leaves a half-made template.
      const building = `${name}_building`;
      await sql.unsafe(`DROP DATABASE IF EXISTS ${building}`);
      await sql.unsafe(`CREATE DATABASE ${building}`);
      const target = connect(databaseUrl(admin, building), { max: 1 });
      await migrate(target).finally(() => target.end());
      await sql.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
      // Nobody may connect to it: a session there would make cloning fail.
      await sql.unsafe(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    }
    await sql`SELECT pg_advisory_unlock(${TEMPLATE_LOCK})`;
    return name;
  } finally {
    await sql.end();
  }
}

/** Makes sure the server has the current template; once per server and process. */
export function ensureTemplate(admin: string): Promise<string> {
  let made = templates.get(admin);
  if (!made) {
    made = createTemplate(admin);
    made.catch(() => templates.delete(admin));
    templates.set(admin, made);
  }
  return made;
}

/** A new empty database with Wharf's schema; returns its URL. */
export async function cloneDatabase(admin: string): Promise<string> {
  const template = await ensureTemplate(admin);
  const name = `wharf_test_${randomBytes(6).toString('hex')}`;
  const sql = connect(admin, { max: 1 });
  try {
    await sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  } finally {
    await sql.end();
  }
  return databaseUrl(admin, name);
}

export async function dropDatabase(admin: string, url: string): Promise<void> {
  const sql = connect(admin, { max: 1 });
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await sql.end();
  }
}
