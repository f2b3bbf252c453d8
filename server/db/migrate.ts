// Applies server/db/migrations/NNN_*.sql in order, all pending ones in one
// transaction (a failed migration leaves the database as it was), recorded in
// schema_migrations. An advisory lock makes concurrent starts (several
// processes, one database) safe; re-running is a no-op.
import { readdir, readFile } from 'node:fs/promises';
import { MIGRATIONS_DIR } from '../asset-paths.js';
import type { Sql } from './database.js';

const LOCK_KEY = 0x77686172; // "whar"

export interface Migration { version: number; name: string; sql: string }

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(f)).sort();
  return Promise.all(files.map(async (file) => ({
    version: Number(file.slice(0, 3)),
    name: file.slice(4, -4),
    sql: await readFile(dir + file, 'utf8'),
  })));
}

/** Returns the versions applied by this call. */
export async function migrate(sql: Sql, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  const applied: number[] = [];
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set((await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version));
    for (const m of all) {
      if (done.has(m.version)) continue;
      await tx.savepoint(async (sp) => {
        await sp.unsafe(m.sql);
        await sp`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
      });
      applied.push(m.version);
    }
  });
  return applied;
}
