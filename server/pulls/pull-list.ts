// A page of a repository's pull requests (GET …/pulls): filtered by state,
// head (`owner:branch`, or `owner` alone) and base, sorted GitHub's ways.
import type { Sql } from '../db/database.js';
import { SELECT_ISSUE_PAGE, withPeople, type IssuePageRow } from '../issues/issue-rows.js';
import { pullFieldsOf, type PullRow } from './pull-rows.js';

export interface PullListQuery {
  state?: 'open' | 'closed' | 'all';
  head?: string;
  base?: string;
  sort?: 'created' | 'updated' | 'popularity' | 'long-running';
  direction?: 'asc' | 'desc';
}

const SORT_COLUMN = {
  created: 'i.created_at',
  updated: 'i.updated_at',
  popularity: 'i.comments',
  'long-running': 'i.created_at',
} as const;

export async function listPulls(
  sql: Sql,
  repositoryId: number,
  query: PullListQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: PullRow[]; total: number }> {
  const state = query.state ?? 'open';
  const sort = query.sort ?? 'created';
  // GitHub: desc for `created`, asc for the others unless asked.
  const direction = query.direction ?? (sort === 'created' ? 'desc' : 'asc');
  const [headOwner, headRef] =
    query.head === undefined
      ? [undefined, undefined]
      : query.head.includes(':')
        ? [query.head.slice(0, query.head.indexOf(':')), query.head.slice(query.head.indexOf(':') + 1)]
        : [query.head, undefined];
  const order = sql.unsafe(
    `${SORT_COLUMN[sort]} ${direction === 'asc' ? 'ASC' : 'DESC'}, i.id ${direction === 'asc' ? 'ASC' : 'DESC'}`,
  );
  const rows = await sql<IssuePageRow[]>`${SELECT_ISSUE_PAGE(sql)}
    JOIN pull_requests p ON p.issue_id = i.id
    LEFT JOIN repositories hr ON hr.id = p.head_repository_id
    LEFT JOIN accounts ho ON ho.id = hr.owner_id
    WHERE i.repository_id = ${repositoryId}
      ${state === 'all' ? sql`` : sql`AND i.state = ${state}`}
      ${query.base === undefined ? sql`` : sql`AND p.base_ref = ${query.base}`}
      ${headOwner === undefined ? sql`` : sql`AND lower(ho.login) = lower(${headOwner})`}
      ${headRef === undefined ? sql`` : sql`AND p.head_ref = ${headRef}`}
      ${sort === 'long-running' ? sql`AND i.created_at < now() - interval '1 month' AND i.updated_at >= now() - interval '1 month'` : sql``}
    ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  const issues = await withPeople(sql, rows);
  const pulls = await pullFieldsOf(
    sql,
    issues.map((issue) => issue.id),
  );
  return { rows: issues.map((issue) => ({ issue, pull: pulls.get(issue.id)! })), total };
}
