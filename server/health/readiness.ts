// Whether this process should get traffic: the database answers, and it has
// every migration this build ships (a process started against a database
// that another version migrated backwards, or one not migrated yet, is not
// ready). The shipped list is read once; it cannot change while running.
import { loadMigrations } from '../db/migrate.js';
import type { Sql } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';

export interface Readiness {
  ready: boolean;
  message?: string;
  migrations?: { applied: number; shipped: number };
}

let shipped: Promise<number[]> | undefined;
const shippedVersions = () => (shipped ??= loadMigrations().then((all) => all.map((m) => m.version)));

export async function checkReadiness(sql: Sql): Promise<Readiness> {
  const versions = await shippedVersions();
  let applied: Set<number>;
  try {
    // One round trip that also proves the database answers (the brief's SELECT 1).
    applied = new Set((await sql<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version));
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ready: false, message: 'the database cannot be reached' };
    // 42P01: no schema_migrations table at all (an empty database).
    if ((error as { code?: unknown }).code === '42P01') applied = new Set();
    else throw error;
  }
  const done = versions.filter((v) => applied.has(v)).length;
  const migrations = { applied: done, shipped: versions.length };
  if (done < versions.length) {
    return {
      ready: false,
      message: `migrations pending: ${done} of ${versions.length} applied (run \`wharf migrate\`)`,
      migrations,
    };
  }
  return { ready: true, migrations };
}
