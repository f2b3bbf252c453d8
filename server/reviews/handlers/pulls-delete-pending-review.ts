import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { reviewTarget } from './review-access.js';
import { deletePendingReview } from '../review-changes.js';
import { pullRequestReviewView } from '../review-view.js';

// DELETE …/reviews/{id}: 200 with the review as it was (GitHub's answer), pending ones only.
export const deletePendingReviewHandler: Handler<'pulls/delete-pending-review'> = async (ctx) => {
  const { repo, pull } = await reviewTarget(ctx);
  const me = ctx.user().user;
  ctx.checkScopes();
  const review = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    deletePendingReview(events, pull.issue.number, ctx.params.review_id, me.id),
  );
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
