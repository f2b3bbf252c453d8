// Gists for tests, made by SQL: POST /gists lands on another branch (issue
// 36's helper A), and this is replaced by the REST call after the merge.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/database.js';

export interface GistFixture {
  id: number;
  /** The id REST shows: 32 random lowercase hex digits. */
  name: string;
}

export async function insertGist(
  sql: Sql,
  ownerId: number,
  options: { public?: boolean; description?: string | null } = {},
): Promise<GistFixture> {
  const name = randomBytes(16).toString('hex');
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO gists (name, owner_id, description, public)
    VALUES (${name}, ${ownerId}, ${options.description ?? null}, ${options.public ?? true}) RETURNING id`;
  return { id: row!.id, name };
}
