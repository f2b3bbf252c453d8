// `public_repos` of the public user and organization bodies, and
// `public_gists` of the user ones (an organization owns no gist).
import type { Sql } from '../db/database.js';
import type { PublicCounts } from '../repos/user-view.js';

export async function publicRepositoryCount(sql: Sql, ownerId: number): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM repositories WHERE owner_id = ${ownerId} AND NOT private`;
  return row!.n;
}

/** A user's public repositories and public gists, in one statement. */
export async function publicCounts(sql: Sql, ownerId: number): Promise<PublicCounts> {
  const [row] = await sql<PublicCounts[]>`
    SELECT (SELECT count(*)::int FROM repositories WHERE owner_id = ${ownerId} AND NOT private) AS public_repos,
           (SELECT count(*)::int FROM gists WHERE owner_id = ${ownerId} AND public) AS public_gists`;
  return row!;
}
