// The direct forks of a repository, in GitHub's orders, that a caller can
// see: public forks, and private ones the caller reads (access/readable-sql.ts:
// their own grants or their private upstream's), or every fork for a site
// admin. Filtered and paged in SQL, so a page is never short of a hidden fork
// and no page reads the whole list. Stars and
// watchers do not exist yet (every count is 0), so `stargazers` and
// `watchers` order as `newest` does, GitHub's tie-break.
import type { Sql } from '../db/database.js';
import { type Reader, readableTo } from '../access/readable-sql.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repository-row.js';

export type ForkSort = 'newest' | 'oldest' | 'stargazers' | 'watchers';

export type ForkReader = Reader;

const visibleTo = (sql: Sql, user: ForkReader | null) => sql`AND ${readableTo(sql, user)}`;

export async function forksOf(
  sql: Sql,
  parentId: number,
  sort: ForkSort,
  user: ForkReader | null,
  page: { limit: number; offset: number },
): Promise<{ rows: RepositoryRow[]; total: number }> {
  const order = sort === 'oldest' ? sql`ORDER BY r.created_at, r.id` : sql`ORDER BY r.created_at DESC, r.id DESC`;
  const visible = visibleTo(sql, user);
  const [rows, [count]] = await Promise.all([
    sql<
      RepositoryRow[]
    >`${SELECT_REPOSITORY(sql)} WHERE r.parent_id = ${parentId} ${visible} ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    sql<
      { total: number }[]
    >`SELECT count(*)::int AS total FROM repositories r WHERE r.parent_id = ${parentId} ${visible}`,
  ]);
  return { rows, total: count!.total };
}
