// Creating, editing and deleting review comments, each in one transaction
// with its `pull_request_review_comment` event (none for a pending review's
// comment: only its author sees it until the review is submitted).
import { lockIssueFirst } from '../issues/issue-locks.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import type { PullRow } from '../pulls/pull-rows.js';
import type { RepositoryLookup } from '../pulls/pull-view.js';
import { afterSubmit } from './review-submit.js';
import type { Anchor } from './comments/diff-anchor.js';
import type { ReviewCommentRow } from './comments/review-comment-rows.js';
import { insertReviewComment, reviewCommentsByIds } from './comments/review-comment-store.js';
import { emitReviewCommentEvents } from './comments/review-comment-webhooks.js';
import { bodyOf, isPending } from './comments/review-comment-access.js';

export interface NewReviewComment {
  body: string;
  /** The commit the comment is written against: the anchor's, or the head for a reply. */
  commitId: string;
  anchor?: Anchor;
  inReplyTo?: number;
}

/**
 * A comment on its own, outside any review the caller is writing: GitHub
 * wraps it in a new submitted COMMENTED review with an empty body, so what
 * follows a submitted review follows (reviews' afterSubmit: the commenter's
 * review request answered, `pull_request_review` submitted, then
 * `pull_request_review_comment` created). Returns the comment's row.
 */
export async function createReviewComment(
  events: EventContext,
  pullRow: PullRow,
  repos: RepositoryLookup,
  userId: number,
  input: NewReviewComment,
): Promise<ReviewCommentRow> {
  const { tx, repo } = events;
  const { issue, pull } = pullRow;
  // The pull request before the review's insert bumps the generation (issue-locks.ts).
  await lockIssueFirst(tx, issue.id);
  const [review] = await tx<{ id: number }[]>`
    INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, body, commit_id, submitted_at)
    VALUES (${issue.id}, ${repo.id}, ${userId}, 'COMMENTED', '', ${input.commitId}, now()) RETURNING id`;
  const id = await insertReviewComment(tx, {
    pull: {
      issueId: issue.id,
      repositoryId: repo.id,
      number: issue.number,
      headSha: pull.head_sha,
      baseSha: pull.base_sha,
    },
    reviewId: Number(review!.id),
    userId,
    body: input.body,
    commitId: input.commitId,
    ...(input.anchor ? { anchor: input.anchor } : {}),
    ...(input.inReplyTo !== undefined ? { inReplyTo: input.inReplyTo } : {}),
  });
  await afterSubmit(events, pullRow, repos, Number(review!.id), userId);
  const [row] = await reviewCommentsByIds(tx, [id]);
  return row!;
}

/**
 * The new body; `edited` with the former one in `changes` (nothing when the
 * body is the same). The comment's row after it, or null when it was gone.
 */
export async function editReviewComment(
  events: EventContext,
  comment: ReviewCommentRow,
  body: string,
): Promise<ReviewCommentRow | null> {
  const { tx } = events;
  // Read again under the row's lock: `changes.body.from` is the body this edit replaced.
  const [current] = await tx<
    { body: string }[]
  >`SELECT body FROM pull_request_review_comments WHERE id = ${comment.id} FOR UPDATE`;
  if (!current) return null;
  if (body !== current.body)
    await tx`UPDATE pull_request_review_comments SET body = ${body}, updated_at = now() WHERE id = ${comment.id}`;
  const [row] = await reviewCommentsByIds(tx, [Number(comment.id)]);
  if (body !== current.body && !isPending(row!)) {
    await emitReviewCommentEvents(
      tx,
      events,
      'edited',
      Number(row!.issue_id),
      [bodyOf(row!, events.repo, events.urls)],
      { body: { from: current.body } },
    );
  }
  return row!;
}

/**
 * Deletes the comment and, when it was the last of its thread, the thread
 * (GitHub shows no empty threads). The review stays, even with no comments
 * and an empty body, as GitHub. False when the comment was gone already.
 */
export async function deleteReviewComment(events: EventContext, comment: ReviewCommentRow): Promise<boolean> {
  const { tx } = events;
  const [row] = await reviewCommentsByIds(tx, [Number(comment.id)]);
  if (!row) return false;
  const deleted = await tx`DELETE FROM pull_request_review_comments WHERE id = ${row.id}`;
  if (deleted.count === 0) return false;
  // No lock on the thread is needed for two deletions of its last two
  // comments: the DELETE's trigger bumps the repository's issue-list
  // generation (migration 023), a row lock held to commit, so the second
  // runs the statement below after the first committed and sees the thread
  // empty. Taking the thread's lock first would invert the order a push's
  // re-mapping takes them in (generation, then threads).
  await tx`
    DELETE FROM pull_request_review_threads t
    WHERE t.id = ${row.thread_id} AND NOT EXISTS (SELECT 1 FROM pull_request_review_comments c WHERE c.thread_id = t.id)`;
  if (!isPending(row))
    await emitReviewCommentEvents(tx, events, 'deleted', Number(row.issue_id), [bodyOf(row, events.repo, events.urls)]);
  return true;
}
