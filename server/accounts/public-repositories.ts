// `public_repos` of the public user and organization bodies.
import type { Sql } from '../db/database.js';

export async function publicRepositoryCount(sql: Sql, ownerId: number): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM repositories WHERE owner_id = ${ownerId} AND NOT private`;
  return row!.n;
}
