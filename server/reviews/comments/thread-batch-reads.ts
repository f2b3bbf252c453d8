// Review threads read for many ids or pull requests in one statement each, as
// the GraphQL loaders ask them: by id, and a page of each pull request's
// threads, oldest first. A thread is seen when one of its comments is (its
// first comment in another person's pending review hides it: GitHub shows a
// draft thread to its author only).
import type { Sql } from '../../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../../db/ranked-pages.js';
import type { ThreadPlace } from './review-comment-batch-reads.js';
import { THREAD_PLACE_COLUMNS, visibleTo } from './review-comment-rows.js';

/** A thread as GraphQL reads it: its columns, its place, the pull request's number and `node_type` (for Node). */
export interface ThreadColumns extends ThreadPlace {
  node_type: 'PullRequestReviewThread';
  id: number;
  issue_id: number;
  repository_id: number;
  pull_number: number;
  side: 'LEFT' | 'RIGHT' | null;
  start_side: 'LEFT' | 'RIGHT' | null;
  resolved_by_id: number | null;
  resolved_at: Date | null;
  created_at: Date;
}

// The thread's place is read as its comments' is (review-comment-rows.ts THREAD_PLACE_COLUMNS).
const threadColumns = `'PullRequestReviewThread' AS node_type, t.id, t.issue_id, t.repository_id, i.number AS pull_number,
  ${THREAD_PLACE_COLUMNS}, t.side, t.start_side, t.position AS diff_position, t.resolved_by_id, t.resolved_at, t.created_at`;

// A thread is seen when one of its comments is, by the comments' pending-review rule.
const visibleThread = (sql: Sql, viewerId: number | null) => sql`EXISTS (SELECT 1 FROM pull_request_review_comments c
  JOIN pull_request_reviews rv ON rv.id = c.review_id WHERE c.thread_id = t.id AND ${visibleTo(sql, viewerId)})`;

export async function threadsByIds(
  sql: Sql,
  ids: readonly number[],
  viewerId: number | null,
): Promise<Map<number, ThreadColumns>> {
  const rows = await sql<ThreadColumns[]>`SELECT ${sql.unsafe(threadColumns)}
    FROM pull_request_review_threads t JOIN issues i ON i.id = t.issue_id
    WHERE t.id = ANY(${ids as number[]}) AND ${visibleThread(sql, viewerId)}`;
  return new Map(rows.map((row) => [row.id, row]));
}

export async function threadPages(
  sql: Sql,
  issueIds: readonly number[],
  window: RowWindow,
  viewerId: number | null,
): Promise<Map<number, Page<ThreadColumns>>> {
  const dir = sql.unsafe(window.fromEnd ? 'DESC' : 'ASC');
  const select = sql`SELECT ${sql.unsafe(threadColumns)},
      row_number() OVER (PARTITION BY t.issue_id ORDER BY t.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY t.issue_id)::int AS total
    FROM pull_request_review_threads t JOIN issues i ON i.id = t.issue_id
    WHERE t.issue_id = ANY(${issueIds as number[]}) AND ${visibleThread(sql, viewerId)}`;
  return rankedPages<ThreadColumns & { [key: string]: unknown }>(sql, 'issue_id', issueIds, window, select);
}
