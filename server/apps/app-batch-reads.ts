// Apps read by many ids in one statement (GraphQL's `CheckSuite.app` loader).
import type { Sql } from '../db/database.js';
import type { AppRow } from './apps-store.js';

export async function appsByIds(sql: Sql, ids: readonly number[]): Promise<Map<number, AppRow>> {
  const rows = await sql<AppRow[]>`SELECT * FROM apps WHERE id = ANY(${ids as number[]}::bigint[])`;
  return new Map(rows.map((app) => [app.id, app]));
}
