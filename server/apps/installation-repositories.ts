// The repositories an installation (or one of its tokens) reaches: the
// account's own repositories, all of them or the selected ones, optionally
// narrowed further to a token's ids. Sorted by full name, as GitHub lists them.
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repository-row.js';

export interface Reach {
  accountId: number;
  /** null: every repository of the account. */
  repositoryIds: ReadonlySet<number> | readonly number[] | null;
}

function where(sql: Sql, reach: Reach) {
  const ids = reach.repositoryIds === null ? null : [...reach.repositoryIds];
  return ids === null
    ? sql`WHERE r.owner_id = ${reach.accountId}`
    : sql`WHERE r.owner_id = ${reach.accountId} AND r.id = ANY(${ids})`;
}

// One owner: the lowered name alone gives the full-name order, and the
// (owner_id, lower(name)) index gives it without sorting every repository.
export async function reachableRepositories(
  sql: Sql,
  reach: Reach,
  page?: { limit: number; offset: number },
): Promise<RepositoryRow[]> {
  return sql<RepositoryRow[]>`${SELECT_REPOSITORY(sql)} ${where(sql, reach)}
    ORDER BY lower(r.name), r.id
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`;
}

/**
 * One page of reachableRepositories, given their count: a page past the
 * middle is read from the end, so the last page costs what the first does
 * (an OFFSET walks every row it skips).
 */
export async function reachablePage(
  sql: Sql,
  reach: Reach,
  page: { limit: number; offset: number },
  total: number,
): Promise<RepositoryRow[]> {
  if (page.offset >= total) return [];
  if (total - page.offset >= page.offset) return reachableRepositories(sql, reach, page);
  const rows = await sql<RepositoryRow[]>`${SELECT_REPOSITORY(sql)} ${where(sql, reach)}
    ORDER BY lower(r.name) DESC, r.id DESC
    LIMIT ${Math.min(page.limit, total - page.offset)} OFFSET ${Math.max(0, total - page.offset - page.limit)}`;
  return rows.reverse();
}

/** Those of the reachable repositories named (case-insensitively) or given by id. */
export async function pickReachable(sql: Sql, reach: Reach, names: string[], ids: number[]): Promise<RepositoryRow[]> {
  return sql<RepositoryRow[]>`${SELECT_REPOSITORY(sql)} ${where(sql, reach)}
    AND (lower(r.name) = ANY(${names.filter(canMatchText).map((n) => n.toLowerCase())}) OR r.id = ANY(${ids}))
    ORDER BY lower(r.name), r.id`;
}

export async function countReachable(sql: Sql, reach: Reach): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM repositories r ${where(sql, reach)}`;
  return row!.n;
}

/** The selected repositories of an installation (empty for `all`). */
export async function selectedRepositoryIds(sql: Sql, installationId: number): Promise<number[]> {
  const rows = await sql<
    { repository_id: number }[]
  >`SELECT repository_id FROM installation_repositories WHERE installation_id = ${installationId}`;
  return rows.map((row) => row.repository_id);
}
