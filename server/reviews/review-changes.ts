// Changing a review that exists, each in the caller's transaction with its
// event: submitting a pending review, editing the text, deleting a pending
// review, dismissing a verdict. The pull request and the review are locked
// first (in that order, as creating a review does) so concurrent changes queue.
import type { Permission } from '../access/permissions.js';
import { dismissalRefusal } from '../branch-protection/dismissal-guard.js';
import { pushActorOf } from '../branch-protection/push-restrictions.js';
import { forbidden, notFound, unprocessable } from '../errors/domain-error.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import { pullByNumber, type PullRow } from '../pulls/pull-rows.js';
import type { RepositoryLookup } from '../pulls/pull-view.js';
import { reviewOfPull, type ReviewRow } from './review-rows.js';
import { checkVerdict, STATE_OF, type ReviewVerdict } from './review-rules.js';
import { afterSubmit } from './review-submit.js';
import { emitReviewEvent } from './review-webhooks.js';

interface Locked {
  pull: PullRow;
  review: ReviewRow;
}

/**
 * The pull request and the review `userId` sees, locked; 404 when either is
 * not there (or the review is someone else's pending one). GraphQL's
 * addPullRequestReviewThread takes the same locks to add to a pending review.
 */
export async function lockedReview(
  ctx: EventContext,
  number: number,
  reviewId: number,
  userId: number,
): Promise<Locked> {
  const pull = await pullByNumber(ctx.tx, ctx.repo.id, number, true);
  if (!pull) throw notFound();
  const review = await reviewOfPull(ctx.tx, pull.issue.id, reviewId, userId, true);
  if (!review) throw notFound();
  return { pull, review };
}

/** Submits the caller's pending review with a verdict (and a new text when given). */
export async function submitReview(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  reviewId: number,
  userId: number,
  verdict: ReviewVerdict,
  body: string | undefined,
): Promise<ReviewRow> {
  const { pull, review } = await lockedReview(ctx, number, reviewId, userId);
  if (review.state !== 'PENDING') throw unprocessable('Can not submit a non-pending pull request review');
  const text = body ?? review.body;
  const [{ count }] = await ctx.tx<
    [{ count: number }]
  >`SELECT count(*)::int AS count FROM pull_request_review_comments WHERE review_id = ${review.id}`;
  checkVerdict(pull, userId, verdict, text, count);
  await ctx.tx`UPDATE pull_request_reviews SET state = ${STATE_OF[verdict]}, body = ${text}, submitted_at = now(), updated_at = now() WHERE id = ${review.id}`;
  return afterSubmit(ctx, pull, repos, review.id, userId);
}

/** Replaces the text of the caller's own review; a submitted one emits `edited` with the text it had. */
export async function updateReview(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  reviewId: number,
  userId: number,
  body: string,
): Promise<ReviewRow> {
  const { pull, review } = await lockedReview(ctx, number, reviewId, userId);
  if (review.user_id !== userId) throw forbidden('Only the author of a review can change it.');
  await ctx.tx`UPDATE pull_request_reviews SET body = ${body}, updated_at = now() WHERE id = ${review.id}`;
  const updated = (await reviewOfPull(ctx.tx, pull.issue.id, review.id, userId))!;
  if (review.state !== 'PENDING' && body !== review.body) {
    await emitReviewEvent(ctx, pull, repos, updated, { action: 'edited', changes: { body: { from: review.body } } });
  }
  return updated;
}

/**
 * Deletes the caller's pending review with its comments, and the threads
 * those comments opened (a reply it held in someone else's thread goes
 * alone); the review as it was. Submitted reviews stay (422).
 */
export async function deletePendingReview(
  ctx: EventContext,
  number: number,
  reviewId: number,
  userId: number,
): Promise<ReviewRow> {
  const { review } = await lockedReview(ctx, number, reviewId, userId);
  if (review.state !== 'PENDING') throw unprocessable('Can not delete a non-pending pull request review');
  await ctx.tx`
    DELETE FROM pull_request_review_threads t
    WHERE t.id IN (SELECT c.thread_id FROM pull_request_review_comments c WHERE c.review_id = ${review.id})
      AND NOT EXISTS (SELECT 1 FROM pull_request_review_comments o WHERE o.thread_id = t.id AND o.review_id <> ${review.id})`;
  await ctx.tx`DELETE FROM pull_request_reviews WHERE id = ${review.id}`;
  return review;
}

const NOT_DISMISSIBLE: Partial<Record<ReviewRow['state'], string>> = {
  PENDING: 'Can not dismiss a pending pull request review',
  COMMENTED: 'Can not dismiss a commented pull request review',
  DISMISSED: 'Can not dismiss a dismissed pull request review',
};

/**
 * Dismisses an approval or a request for changes (the caller's push access is
 * the edge's check; `permission` is that access, for the base branch's
 * dismissal restrictions, branch-protection/dismissal-guard.ts).
 */
export async function dismissReview(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  reviewId: number,
  userId: number,
  message: string,
  permission: Permission | null,
): Promise<ReviewRow> {
  const { pull, review } = await lockedReview(ctx, number, reviewId, userId);
  const restricted = await dismissalRefusal(
    ctx.tx,
    ctx.repo,
    pull.pull.base_ref,
    permission,
    pushActorOf(ctx.principal),
  );
  if (restricted) throw forbidden(restricted);
  const refusal = NOT_DISMISSIBLE[review.state];
  if (refusal) throw unprocessable(refusal);
  await ctx.tx`UPDATE pull_request_reviews SET state = 'DISMISSED', dismissed_state = ${review.state}, dismissal_message = ${message},
    dismissed_by_id = ${userId}, updated_at = now() WHERE id = ${review.id}`;
  const dismissed = (await reviewOfPull(ctx.tx, pull.issue.id, review.id, userId))!;
  await emitReviewEvent(ctx, pull, repos, dismissed, { action: 'dismissed' });
  return dismissed;
}
