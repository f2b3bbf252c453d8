// Review comments read for many ids, reviews or threads in one statement
// each, as the GraphQL loaders ask them, with their thread's place in the diff
// joined in (a comment shows its thread's path, lines and hunk). The columns,
// joins and pending-review rule are REST's (review-comment-rows.ts), so both
// APIs show a comment alike; a comment of another person's pending review is
// not read.
import type { Sql } from '../../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../../db/ranked-pages.js';
import { authorAssociation } from '../../access/author-association-sql.js';
import {
  REVIEW_COMMENT_COLUMNS,
  REVIEW_COMMENT_FROM,
  visibleTo,
  type ReviewCommentRow,
  type ThreadPlaceColumns,
} from './review-comment-rows.js';

/** Where a thread sits: the thread's columns every comment of it shows (REST's ThreadPlaceColumns). */
export interface ThreadPlace extends ThreadPlaceColumns {
  /** The thread's `position` (renamed: the page reads rank rows in a `position` column of their own). */
  diff_position: number | null;
}

export interface ReviewCommentColumns
  extends ThreadPlace,
    Pick<
      ReviewCommentRow,
      | 'id'
      | 'thread_id'
      | 'review_id'
      | 'issue_id'
      | 'repository_id'
      | 'pull_number'
      | 'user_id'
      | 'in_reply_to_id'
      | 'body'
      | 'reaction_counts'
      | 'created_at'
      | 'updated_at'
      | 'review_state'
      | 'author_association'
    > {
  node_type: 'PullRequestReviewComment';
  review_submitted_at: Date | null;
}

/** ReviewCommentColumns as a select list: REST's columns, and what GraphQL adds (aliases of REVIEW_COMMENT_FROM: c comment, t thread, rv review, i issue, r repository). */
const commentColumns = (sql: Sql) => sql`'PullRequestReviewComment' AS node_type, ${sql.unsafe(REVIEW_COMMENT_COLUMNS)},
  t.position AS diff_position, i.number AS pull_number, rv.submitted_at AS review_submitted_at,
  ${authorAssociation(sql, 'c.user_id')} AS author_association`;

const FROM_COMMENTS = REVIEW_COMMENT_FROM;

export async function reviewCommentsByIds(
  sql: Sql,
  ids: readonly number[],
  viewerId: number | null,
): Promise<Map<number, ReviewCommentColumns>> {
  const rows = await sql<ReviewCommentColumns[]>`SELECT ${commentColumns(sql)} FROM ${sql.unsafe(FROM_COMMENTS)}
    WHERE c.id = ANY(${ids as number[]}) AND ${visibleTo(sql, viewerId)}`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each review's comments, oldest first, in the window. */
export async function reviewCommentPages(
  sql: Sql,
  reviewIds: readonly number[],
  window: RowWindow,
  viewerId: number | null,
): Promise<Map<number, Page<ReviewCommentColumns>>> {
  const dir = sql.unsafe(window.fromEnd ? 'DESC' : 'ASC');
  const select = sql`SELECT ${commentColumns(sql)},
      row_number() OVER (PARTITION BY c.review_id ORDER BY c.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY c.review_id)::int AS total
    FROM ${sql.unsafe(FROM_COMMENTS)} WHERE c.review_id = ANY(${reviewIds as number[]}) AND ${visibleTo(sql, viewerId)}`;
  return rankedPages<ReviewCommentColumns & { [key: string]: unknown }>(sql, 'review_id', reviewIds, window, select);
}

/**
 * Every visible comment of each thread, oldest first: a thread is a short
 * conversation, read whole so `skip` and `last` are plain slices.
 */
export async function threadComments(
  sql: Sql,
  threadIds: readonly number[],
  viewerId: number | null,
): Promise<Map<number, ReviewCommentColumns[]>> {
  const rows = await sql<ReviewCommentColumns[]>`SELECT ${commentColumns(sql)} FROM ${sql.unsafe(FROM_COMMENTS)}
    WHERE c.thread_id = ANY(${threadIds as number[]}) AND ${visibleTo(sql, viewerId)} ORDER BY c.thread_id, c.id`;
  const found = new Map<number, ReviewCommentColumns[]>(threadIds.map((id) => [id, []]));
  for (const row of rows) found.get(row.thread_id)!.push(row);
  return found;
}
