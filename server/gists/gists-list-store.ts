// The gist lists: a user's (secret ones only for their owner), the public
// timeline, a user's starred gists, a gist's forks; newest update first, a
// page at a time with the total for `Link`. And the counts bodies show.
import type { Sql, TransactionSql } from '../db/database.js';
import type { GistRow } from './gists-store.js';

type Db = Sql | TransactionSql;

export type GistListing =
  | { kind: 'owner'; ownerId: number; withSecret: boolean; since: Date | null }
  | { kind: 'public'; since: Date | null }
  | { kind: 'starred'; accountId: number; since: Date | null }
  | { kind: 'forks'; gistId: number };

/** A GistRow's columns, of `gists g JOIN accounts a ON a.id = g.owner_id` (gist-reads-store.ts reads the same rows). */
export const COLUMNS = (db: Db) => db`
  g.id, g.name, g.owner_id, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin,
  g.description, g.public, g.fork_of_id, g.created_at, g.updated_at`;

function where(db: Db, listing: GistListing) {
  switch (listing.kind) {
    case 'owner':
      return db`g.owner_id = ${listing.ownerId} ${listing.withSecret ? db`` : db`AND g.public`}
        ${listing.since ? db`AND g.updated_at >= ${listing.since}` : db``}`;
    case 'public':
      return db`g.public ${listing.since ? db`AND g.updated_at >= ${listing.since}` : db``}`;
    case 'starred':
      return db`g.id IN (SELECT gist_id FROM gist_stars WHERE account_id = ${listing.accountId})
        ${listing.since ? db`AND g.updated_at >= ${listing.since}` : db``}`;
    case 'forks':
      return db`g.fork_of_id = ${listing.gistId}`;
  }
}

/** One page of a listing and the listing's size. */
export async function listGists(
  db: Db,
  listing: GistListing,
  limit: number,
  offset: number,
): Promise<{ rows: GistRow[]; total: number }> {
  const order = listing.kind === 'forks' ? db`g.id` : db`g.updated_at DESC, g.id DESC`;
  const rows = await db<GistRow[]>`
    SELECT ${COLUMNS(db)} FROM gists g JOIN accounts a ON a.id = g.owner_id
    WHERE ${where(db, listing)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM gists g WHERE ${where(db, listing)}`;
  return { rows, total: count?.n ?? 0 };
}

/** Comments per gist, for the `comments` field (gists without comments are absent). */
export async function commentCounts(db: Db, gistIds: readonly number[]): Promise<Map<number, number>> {
  if (gistIds.length === 0) return new Map();
  const rows = await db<{ gist_id: number; n: number }[]>`
    SELECT gist_id, count(*)::int AS n FROM gist_comments WHERE gist_id = ANY(${gistIds as number[]}::bigint[]) GROUP BY gist_id`;
  return new Map(rows.map((r) => [Number(r.gist_id), r.n]));
}

/** A gist's newest forks (the single-gist body's `forks`, at most `limit`). */
export async function newestForks(db: Db, gistId: number, limit: number): Promise<GistRow[]> {
  return db<GistRow[]>`
    SELECT ${COLUMNS(db)} FROM gists g JOIN accounts a ON a.id = g.owner_id
    WHERE g.fork_of_id = ${gistId} ORDER BY g.id DESC LIMIT ${limit}`;
}
