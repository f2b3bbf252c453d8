// GraphQL's reads of review comments, with their thread's place in the diff
// joined in (a comment shows its thread's path, lines and hunk): by id, a
// page per review, and every comment of many threads. A comment of another
// person's pending review is not read (review-reads.ts: visibleReview).
import type { Sql } from '../../db/database.js';
import { authorAssociation } from '../../issues/issue-rows.js';
import type { TwoWayWindow } from '../connection.js';
import { rankedPages, type Page } from '../issues/issue-reads.js';
import type { ReviewCommentModel } from './review-models.js';
import { visibleReview } from './review-reads.js';

/** The columns of ReviewCommentModel (aliases: rc comment, not `c`, which authorAssociation gives collaborators; t thread, rv review, i issue, r repository). */
const commentColumns = (sql: Sql) => sql`'PullRequestReviewComment' AS node_type, rc.id, rc.thread_id, rc.review_id, rc.issue_id,
  rc.repository_id, i.number AS pull_number, rc.user_id, rc.in_reply_to_id, rc.body, rc.reaction_counts, rc.created_at, rc.updated_at,
  t.path, t.subject_type, t.original_commit_id, t.original_line, t.original_start_line, t.original_position,
  t.commit_id, t.line, t.start_line, t.position AS diff_position, t.outdated, t.diff_hunk,
  rv.state AS review_state, rv.submitted_at AS review_submitted_at, ${authorAssociation(sql, 'rc.user_id')} AS author_association`;

const FROM_COMMENTS = `pull_request_review_comments rc JOIN pull_request_review_threads t ON t.id = rc.thread_id
  JOIN pull_request_reviews rv ON rv.id = rc.review_id JOIN issues i ON i.id = rc.issue_id JOIN repositories r ON r.id = rc.repository_id`;

export async function reviewCommentsByIds(sql: Sql, ids: readonly number[], viewerId: number | null): Promise<Map<number, ReviewCommentModel>> {
  const rows = await sql<ReviewCommentModel[]>`SELECT ${commentColumns(sql)} FROM ${sql.unsafe(FROM_COMMENTS)}
    WHERE rc.id = ANY(${ids as number[]}) AND ${visibleReview(sql, viewerId)}`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each review's comments, oldest first, in the window. */
export async function reviewCommentPages(
  sql: Sql, reviewIds: readonly number[], window: TwoWayWindow, viewerId: number | null,
): Promise<Map<number, Page<ReviewCommentModel>>> {
  const dir = sql.unsafe(window.fromEnd ? 'DESC' : 'ASC');
  const select = sql`SELECT ${commentColumns(sql)},
      row_number() OVER (PARTITION BY rc.review_id ORDER BY rc.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY rc.review_id)::int AS total
    FROM ${sql.unsafe(FROM_COMMENTS)} WHERE rc.review_id = ANY(${reviewIds as number[]}) AND ${visibleReview(sql, viewerId)}`;
  return rankedPages<ReviewCommentModel & { [key: string]: unknown }>(sql, 'review_id', reviewIds, window, select);
}

/**
 * Every visible comment of each thread, oldest first: a thread is a short
 * conversation, read whole so `skip` and `last` are plain slices.
 */
export async function threadComments(sql: Sql, threadIds: readonly number[], viewerId: number | null): Promise<Map<number, ReviewCommentModel[]>> {
  const rows = await sql<ReviewCommentModel[]>`SELECT ${commentColumns(sql)} FROM ${sql.unsafe(FROM_COMMENTS)}
    WHERE rc.thread_id = ANY(${threadIds as number[]}) AND ${visibleReview(sql, viewerId)} ORDER BY rc.thread_id, rc.id`;
  const found = new Map<number, ReviewCommentModel[]>(threadIds.map((id) => [id, []]));
  for (const row of rows) found.get(row.thread_id)!.push(row);
  return found;
}
