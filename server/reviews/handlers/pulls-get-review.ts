import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { reviewTarget } from './review-access.js';
import { reviewOfPull } from '../review-rows.js';
import { pullRequestReviewView } from '../review-view.js';

// GET …/reviews/{id}: 404 for another pull request's review and for someone else's pending one.
export const getReview: Handler<'pulls/get-review'> = async (ctx) => {
  const { pull, viewerId } = await reviewTarget(ctx);
  const review = await reviewOfPull(ctx.services.sql, pull.issue.id, ctx.params.review_id, viewerId);
  if (!review) throw notFound();
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
