// Writing and reading review comments. A new comment on a place in the diff
// makes a thread (its place from diff-anchor.ts) and is the thread's first
// comment; a reply joins the thread of the comment it answers, and its
// in_reply_to_id is the thread's first comment, as GitHub's.
import type { Fragment } from 'postgres';
import type { TransactionSql } from '../../db/database.js';
import { notFound } from '../../errors/domain-error.js';
import type { Anchor } from './diff-anchor.js';
import { SELECT_REVIEW_COMMENT, visibleTo, type Db, type ReviewCommentRow } from './review-comment-rows.js';

export type { ReviewCommentRow } from './review-comment-rows.js';

export interface PullRef {
  issueId: number;
  repositoryId: number;
  number: number;
  headSha: string;
  baseSha: string;
}

export interface InsertReviewComment {
  pull: PullRef;
  reviewId: number;
  userId: number;
  body: string;
  /** A new thread's place (anchorComment's answer); absent for a reply. */
  anchor?: Anchor;
  /** The comment replied to: the new comment joins its thread. */
  inReplyTo?: number;
  /** The commit the anchor was computed on (default the pull's head): the thread's commit_id and original_commit_id. */
  commitId?: string;
}

/**
 * Inserts a new thread and its first comment, or a reply to an existing
 * comment (404 when that comment is not on this pull request, or is in
 * someone else's pending review). Returns the comment id.
 */
export async function insertReviewComment(tx: TransactionSql, args: InsertReviewComment): Promise<number> {
  const { pull } = args;
  let threadId: number;
  let inReplyTo: number | null = null;
  if (args.inReplyTo !== undefined) {
    if (!Number.isSafeInteger(args.inReplyTo) || args.inReplyTo < 1) throw notFound();
    const [target] = await tx<{ thread_id: number; first_id: number }[]>`
      SELECT c.thread_id, (SELECT min(f.id) FROM pull_request_review_comments f WHERE f.thread_id = c.thread_id) AS first_id
      FROM pull_request_review_comments c JOIN pull_request_reviews rv ON rv.id = c.review_id
      WHERE c.id = ${args.inReplyTo} AND c.issue_id = ${pull.issueId} AND (rv.state <> 'PENDING' OR rv.user_id = ${args.userId})`;
    if (!target) throw notFound();
    threadId = Number(target.thread_id);
    inReplyTo = Number(target.first_id);
  } else {
    const anchor = args.anchor;
    if (!anchor) throw new Error('insertReviewComment: a new thread needs an anchor');
    const commit = args.commitId ?? pull.headSha;
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO pull_request_review_threads (issue_id, repository_id, path, subject_type, side, start_side,
        original_commit_id, original_line, original_start_line, original_position,
        commit_id, line, start_line, position, diff_hunk)
      VALUES (${pull.issueId}, ${pull.repositoryId}, ${anchor.path}, ${anchor.subject_type}, ${anchor.side}, ${anchor.start_side},
        ${commit}, ${anchor.line}, ${anchor.start_line}, ${anchor.position},
        ${commit}, ${anchor.line}, ${anchor.start_line}, ${anchor.position}, ${anchor.diff_hunk})
      RETURNING id`;
    threadId = Number(row!.id);
  }
  const [comment] = await tx<{ id: number }[]>`
    INSERT INTO pull_request_review_comments (thread_id, review_id, issue_id, repository_id, user_id, in_reply_to_id, body)
    VALUES (${threadId}, ${args.reviewId}, ${pull.issueId}, ${pull.repositoryId}, ${args.userId}, ${inReplyTo}, ${args.body})
    RETURNING id`;
  return Number(comment!.id);
}

/** Rows of these comments, in id order (no visibility rule: the caller decides; viewerId given applies it). */
export async function reviewCommentsByIds(
  sql: Db,
  ids: number[],
  viewerId?: number | null,
): Promise<ReviewCommentRow[]> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id >= 1);
  if (wanted.length === 0) return [];
  const visible = viewerId === undefined ? sql`TRUE` : visibleTo(sql, viewerId);
  return sql<
    ReviewCommentRow[]
  >`${SELECT_REVIEW_COMMENT(sql)} WHERE c.id = ANY(${wanted}::bigint[]) AND ${visible} ORDER BY c.id`;
}

/** One comment of a repository (404-able: null), visible to the viewer. */
export async function reviewCommentById(
  sql: Db,
  repositoryId: number,
  id: number,
  viewerId: number | null,
): Promise<ReviewCommentRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await sql<
    ReviewCommentRow[]
  >`${SELECT_REVIEW_COMMENT(sql)} WHERE c.id = ${id} AND c.repository_id = ${repositoryId} AND ${visibleTo(sql, viewerId)}`;
  return row ?? null;
}

export interface Page {
  limit: number;
  offset: number;
}
export interface ReviewCommentFilters {
  sort?: 'created' | 'updated';
  direction?: 'asc' | 'desc';
  since?: string | Date;
}
export interface ReviewCommentPage {
  rows: ReviewCommentRow[];
  total: number;
}

async function counted(sql: Db, where: Fragment, orderBy: Fragment, p: Page): Promise<ReviewCommentPage> {
  const page = await sql<(ReviewCommentRow & { total: number })[]>`
    ${SELECT_REVIEW_COMMENT(sql, sql`, count(*) OVER () AS total`)} WHERE ${where} ORDER BY ${orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`;
  if (page.length > 0 || p.offset === 0) return { rows: page, total: Number(page[0]?.total ?? 0) };
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pull_request_review_comments c
    JOIN pull_request_reviews rv ON rv.id = c.review_id WHERE ${where}`;
  return { rows: page, total: row!.n };
}

const orderOf = (sql: Db, f: ReviewCommentFilters) => {
  const desc = f.direction === 'desc';
  if (f.sort === 'updated') return desc ? sql`c.updated_at DESC, c.id DESC` : sql`c.updated_at, c.id`;
  return desc ? sql`c.created_at DESC, c.id DESC` : sql`c.created_at, c.id`;
};
const sinceOf = (sql: Db, since: ReviewCommentFilters['since']) =>
  since === undefined ? sql`TRUE` : sql`c.updated_at >= ${new Date(since)}`;

/** A review's comments, oldest first (GitHub's list of a review's comments). */
export function reviewCommentsByReview(
  sql: Db,
  reviewId: number,
  viewerId: number | null,
  p: Page,
): Promise<ReviewCommentPage> {
  return counted(sql, sql`c.review_id = ${reviewId} AND ${visibleTo(sql, viewerId)}`, sql`c.id`, p);
}

/** A pull request's comments: `sort` created (default) or updated, `direction` (default asc), `since`. */
export function reviewCommentsByPull(
  sql: Db,
  issueId: number,
  viewerId: number | null,
  f: ReviewCommentFilters,
  p: Page,
): Promise<ReviewCommentPage> {
  return counted(
    sql,
    sql`c.issue_id = ${issueId} AND ${visibleTo(sql, viewerId)} AND ${sinceOf(sql, f.since)}`,
    orderOf(sql, f),
    p,
  );
}

/** A repository's comments (every pull request): `sort` created (default) or updated, `direction` (default asc), `since`. */
export function reviewCommentsByRepository(
  sql: Db,
  repositoryId: number,
  viewerId: number | null,
  f: ReviewCommentFilters,
  p: Page,
): Promise<ReviewCommentPage> {
  return counted(
    sql,
    sql`c.repository_id = ${repositoryId} AND ${visibleTo(sql, viewerId)} AND ${sinceOf(sql, f.since)}`,
    orderOf(sql, f),
    p,
  );
}
