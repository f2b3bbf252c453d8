// Creating, editing and deleting review comments, each in one transaction
// with its `pull_request_review_comment` event (none for a pending review's
// comment: only its author sees it until the review is submitted).
import type { TransactionSql } from '../../db/database.js';
import type { EventContext } from '../../issues/issue-webhooks.js';
import type { PullRow } from '../../pulls/pull-rows.js';
import type { Anchor } from '../diff-anchor.js';
import { insertReviewComment, reviewCommentsByIds } from '../review-comment-store.js';
import { reviewCommentView } from '../review-comment-view.js';
import { emitReviewCommentCreated, emitReviewCommentEvents } from '../review-comment-webhooks.js';
import type { CommentMeta } from './review-comment-access.js';

export interface NewReviewComment {
  body: string;
  /** The commit the comment is written against: the anchor's, or the head for a reply. */
  commitId: string;
  anchor?: Anchor;
  inReplyTo?: number;
}

/**
 * A comment on its own, outside any review the caller is writing: GitHub
 * wraps it in a new submitted COMMENTED review with an empty body. Returns
 * the comment's id.
 */
export async function createReviewComment(events: EventContext, { issue, pull }: PullRow, userId: number, input: NewReviewComment): Promise<number> {
  const { tx, repo } = events;
  const [review] = await tx<{ id: number }[]>`
    INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, body, commit_id, submitted_at)
    VALUES (${issue.id}, ${repo.id}, ${userId}, 'COMMENTED', '', ${input.commitId}, now()) RETURNING id`;
  const ref = { issueId: issue.id, repositoryId: repo.id, number: issue.number, headSha: input.commitId, baseSha: pull.base_sha };
  const id = await insertReviewComment(tx, {
    pull: ref, reviewId: Number(review!.id), userId, body: input.body,
    ...(input.anchor ? { anchor: input.anchor } : {}), ...(input.inReplyTo !== undefined ? { inReplyTo: input.inReplyTo } : {}),
  });
  await emitReviewCommentCreated(tx, events, [Number(id)]);
  return Number(id);
}

async function bodyOf(tx: TransactionSql, events: EventContext, id: number) {
  const [row] = await reviewCommentsByIds(tx, [id]);
  return row ? reviewCommentView(row, { owner: events.repo.owner_login, name: events.repo.name }, events.urls) : null;
}

/**
 * The new body; `edited` with the former one in `changes` (nothing when the
 * body is the same). False when the comment was gone already.
 */
export async function editReviewComment(events: EventContext, comment: CommentMeta, body: string): Promise<boolean> {
  const { tx } = events;
  // Read again under the row's lock: `changes.body.from` is the body this edit replaced.
  const [current] = await tx<{ body: string }[]>`SELECT body FROM pull_request_review_comments WHERE id = ${comment.id} FOR UPDATE`;
  if (!current) return false;
  if (body === current.body) return true;
  await tx`UPDATE pull_request_review_comments SET body = ${body}, updated_at = now() WHERE id = ${comment.id}`;
  if (comment.pending) return true;
  const view = await bodyOf(tx, events, comment.id);
  await emitReviewCommentEvents(tx, events, 'edited', comment.issue_id, [view], { body: { from: current.body } });
  return true;
}

/**
 * Deletes the comment and, when it was the last of its thread, the thread
 * (GitHub shows no empty threads). The review stays, even with no comments
 * and an empty body, as GitHub. False when the comment was gone already.
 */
export async function deleteReviewComment(events: EventContext, comment: CommentMeta): Promise<boolean> {
  const { tx } = events;
  // The thread's row first: two deletions of its last two comments must not both leave it behind.
  await tx`SELECT id FROM pull_request_review_threads WHERE id = ${comment.thread_id} FOR UPDATE`;
  const view = comment.pending ? null : await bodyOf(tx, events, comment.id);
  const deleted = await tx`DELETE FROM pull_request_review_comments WHERE id = ${comment.id}`;
  if (deleted.count === 0) return false;
  await tx`
    DELETE FROM pull_request_review_threads t
    WHERE t.id = ${comment.thread_id} AND NOT EXISTS (SELECT 1 FROM pull_request_review_comments c WHERE c.thread_id = t.id)`;
  if (view) await emitReviewCommentEvents(tx, events, 'deleted', comment.issue_id, [view]);
  return true;
}
