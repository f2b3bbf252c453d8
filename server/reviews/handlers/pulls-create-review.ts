import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { reviewTarget } from './review-access.js';
import { createReview } from '../review-create.js';
import { anchorInlineComments } from '../review-inline-comments.js';
import { checkUnlocked, reviewCommit } from '../review-rules.js';
import { pullRequestReviewView } from '../review-view.js';

// POST …/reviews: 200 (GitHub's status), pending without `event`, submitted with it.
export const createReviewHandler: Handler<'pulls/create-review'> = async (ctx) => {
  const { repo, pull, repos, permission } = await reviewTarget(ctx);
  const me = ctx.user().user;
  const { body } = await ctx.input();
  checkUnlocked(pull, permission);
  const { git } = ctx.services;
  // Git first, outside the transaction: the commit reviewed and where each comment sits.
  const commitId = await reviewCommit(git, repo.id, pull, body?.commit_id);
  const comments = await anchorInlineComments(git, repo.id, pull, commitId, body?.comments ?? []);
  const review = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    createReview(events, repos, pull.issue.number, {
      userId: me.id,
      body: body?.body ?? '',
      verdict: body?.event,
      commitId,
      comments,
    }),
  );
  return { status: 200, body: pullRequestReviewView(review, ctx.services.urls) };
};
