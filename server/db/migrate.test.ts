import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from './database.js';
import { loadMigrations, migrate } from './migrate.js';
import { createTestDatabase, dropTestDatabase } from '../test-support/test-server.js';

let url: string;
let sql: Sql;

beforeAll(async () => {
  url = await createTestDatabase(); // cloned from the migrated template
  sql = connect(url);
});
afterAll(async () => {
  await sql.end();
  await dropTestDatabase(url);
});

describe('migrations', () => {
  it('are numbered, recorded, and a re-run applies nothing', async () => {
    const all = await loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.keys()].map((i) => i + 1));
    const recorded = await sql<{ version: number }[]>`SELECT version FROM schema_migrations ORDER BY version`;
    expect(recorded.map((r) => r.version)).toEqual(all.map((m) => m.version));
    expect(await migrate(sql)).toEqual([]);
  });

  it('apply concurrently from several processes exactly once', async () => {
    const fresh = url.replace(/\/[^/]+$/, '/postgres');
    const admin = connect(fresh, { max: 1 });
    await admin.unsafe('CREATE DATABASE migrate_race');
    await admin.end();
    const raceUrl = url.replace(/\/[^/]+$/, '/migrate_race');
    const pools = [connect(raceUrl), connect(raceUrl), connect(raceUrl)];
    try {
      const results = await Promise.all(pools.map((p) => migrate(p)));
      expect(results.flat().sort((a, b) => a - b)).toEqual((await loadMigrations()).map((m) => m.version));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await dropTestDatabase(raceUrl);
    }
  });

  it('roll back entirely when a migration fails', async () => {
    const before = await sql`SELECT count(*)::int AS n FROM schema_migrations`;
    const broken = [
      { version: 900, name: 'ok', sql: 'CREATE TABLE half_done (id int)' },
      { version: 901, name: 'bad', sql: 'SELECT * FROM no_such_table' },
    ];
    await expect(migrate(sql, [...(await loadMigrations()), ...broken])).rejects.toThrow();
    expect(await sql`SELECT count(*)::int AS n FROM schema_migrations`).toEqual(before);
    expect(await sql`SELECT to_regclass('half_done') AS t`).toEqual([{ t: null }]);
  });
});
