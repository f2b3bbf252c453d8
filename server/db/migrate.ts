// Applies server/db/migrations/NNN_*.sql in order, all pending ones in one
// transaction (a failed migration leaves the database as it was), recorded in
// schema_migrations. An advisory lock makes concurrent starts (several
// processes, one database) safe; re-running is a no-op.
import { readdir, readFile } from 'node:fs/promises';
import { MIGRATIONS_DIR } from '../asset-paths.js';
import { lockFor } from './advisory-locks.js';
import type { Sql } from './database.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: await readFile(dir + file, 'utf8'),
    })),
  );
}

/**
 * Whether every migration is recorded already: one query without the lock,
 * the case of every start but the first after an upgrade (versions are only
 * ever added, so a read outside the lock cannot be wrong in this direction).
 */
async function allApplied(sql: Sql, all: Migration[]): Promise<boolean> {
  try {
    const done = new Set(
      (await sql<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version),
    );
    return all.every((m) => done.has(m.version));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return false; // no schema_migrations yet
    throw error;
  }
}

/** Returns the versions applied by this call. */
export async function migrate(sql: Sql, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  if (await allApplied(sql, all)) return [];
  const applied: number[] = [];
  await sql.begin(async (tx) => {
    await lockFor(tx, 'migrate', 0);
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set(
      (await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version),
    );
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
