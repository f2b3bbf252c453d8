// The direct forks of a repository, in GitHub's orders. Stars and watchers do
// not exist yet (every count is 0), so `stargazers` and `watchers` order as
// `newest` does, GitHub's tie-break.
import type { Sql } from '../db/database.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repositories-store.js';

export type ForkSort = 'newest' | 'oldest' | 'stargazers' | 'watchers';

export async function forksOf(sql: Sql, parentId: number, sort: ForkSort): Promise<RepositoryRow[]> {
  const order = sort === 'oldest' ? sql`ORDER BY r.created_at, r.id` : sql`ORDER BY r.created_at DESC, r.id DESC`;
  return sql<RepositoryRow[]>`${SELECT_REPOSITORY(sql)} WHERE r.parent_id = ${parentId} ${order}`;
}
