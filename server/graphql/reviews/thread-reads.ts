// GraphQL's reads of review threads: by id, and a page of each pull
// request's threads, oldest first. A thread is seen when one of its comments
// is (its first comment in another person's pending review hides it: GitHub
// shows a draft thread to its author only).
import type { Sql } from '../../db/database.js';
import { THREAD_PLACE_COLUMNS, visibleTo } from '../../review-comments/review-comment-rows.js';
import type { TwoWayWindow } from '../connection.js';
import { rankedPages, type Page } from '../../db/ranked-pages.js';
import type { ThreadModel } from './review-models.js';

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
): Promise<Map<number, ThreadModel>> {
  const rows = await sql<ThreadModel[]>`SELECT ${sql.unsafe(threadColumns)}
    FROM pull_request_review_threads t JOIN issues i ON i.id = t.issue_id
    WHERE t.id = ANY(${ids as number[]}) AND ${visibleThread(sql, viewerId)}`;
  return new Map(rows.map((row) => [row.id, row]));
}

export async function threadPages(
  sql: Sql,
  issueIds: readonly number[],
  window: TwoWayWindow,
  viewerId: number | null,
): Promise<Map<number, Page<ThreadModel>>> {
  const dir = sql.unsafe(window.fromEnd ? 'DESC' : 'ASC');
  const select = sql`SELECT ${sql.unsafe(threadColumns)},
      row_number() OVER (PARTITION BY t.issue_id ORDER BY t.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY t.issue_id)::int AS total
    FROM pull_request_review_threads t JOIN issues i ON i.id = t.issue_id
    WHERE t.issue_id = ANY(${issueIds as number[]}) AND ${visibleThread(sql, viewerId)}`;
  return rankedPages<ThreadModel & { [key: string]: unknown }>(sql, 'issue_id', issueIds, window, select);
}
