import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { reviewTarget } from './review-access.js';
import { dismissReview } from '../review-changes.js';
import { pullRequestReviewView } from '../review-view.js';

// PUT …/reviews/{id}/dismissals: needs push access (403 below it).
export const dismissReviewHandler: Handler<'pulls/dismiss-review'> = async (ctx) => {
  const me = ctx.user().user;
  const { repo, pull, repos, permission } = await reviewTarget(ctx, 'write');
  const { body } = await ctx.input();
  const review = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    dismissReview(events, repos, pull.issue.number, ctx.params.review_id, me.id, body.message, permission),
  );
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
