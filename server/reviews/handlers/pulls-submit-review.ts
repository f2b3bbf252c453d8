import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { reviewTarget } from './review-access.js';
import { submitReview } from '../review-changes.js';
import { checkUnlocked } from '../review-rules.js';
import { pullRequestReviewView } from '../review-view.js';

// POST …/reviews/{id}/events: the caller's pending review, submitted with a verdict.
export const submitReviewHandler: Handler<'pulls/submit-review'> = async (ctx) => {
  const { repo, pull, repos, permission } = await reviewTarget(ctx);
  const me = ctx.user().user;
  const { body } = await ctx.input();
  // A pending review written before the lock is submitted only with push access too.
  checkUnlocked(pull, permission);
  const review = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    submitReview(events, repos, pull.issue.number, ctx.params.review_id, me.id, body.event, body.body),
  );
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
