import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { reviewTarget } from './review-access.js';
import { updateReview } from '../review-changes.js';
import { pullRequestReviewView } from '../review-view.js';

// PUT …/reviews/{id}: the text of the caller's own review.
export const updateReviewHandler: Handler<'pulls/update-review'> = async (ctx) => {
  const { repo, pull, repos } = await reviewTarget(ctx);
  const me = ctx.user().user;
  const { body } = await ctx.input();
  const review = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    updateReview(events, repos, pull.issue.number, ctx.params.review_id, me.id, body.body),
  );
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
