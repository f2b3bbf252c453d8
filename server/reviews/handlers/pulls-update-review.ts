import type { Handler } from '../../http/operation-context.js';
import { inIssueTransaction } from '../../issues/issue-transaction.js';
import { reviewTarget } from './review-access.js';
import { updateReview } from '../review-changes.js';
import { pullRequestReviewView } from '../review-view.js';

// PUT …/reviews/{id}: the text of the caller's own review.
export const updateReviewHandler: Handler<'pulls/update-review'> = async (ctx) => {
  const { repo, pull, repos } = await reviewTarget(ctx);
  const me = ctx.user().user;
  const { body } = await ctx.input();
  const review = await inIssueTransaction(ctx, repo, (events) =>
    updateReview(events, repos, pull.issue.number, ctx.params.review_id, me.id, body.body),
  );
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
