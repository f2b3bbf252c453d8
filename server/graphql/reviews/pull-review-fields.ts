// The PullRequest fields that reach reviews: `reviews` (filtered by state and
// author), `latestReviews` (each reviewer's last submitted review),
// `reviewThreads`, each one statement for every pull request of the query
// (review-loaders.ts), and `reviewDecision`.
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { PullRequestResolvers } from '../generated/resolvers-types.js';
import type { ReviewPageRequest } from '../../reviews/review-batch-reads.js';
import { reviewDecisionOf } from '../../branch-protection/merge-state.js';
import { conditionsOfModel, rulesOf } from '../pulls/pull-protection.js';

type Fields = Pick<PullRequestResolvers, 'reviews' | 'latestReviews' | 'reviewThreads' | 'reviewDecision'>;

export const pullReviewFields: Fields = {
  reviews: async (pull, args, ctx) => {
    const request: ReviewPageRequest = {
      window: twoWayWindow(args, 'reviews'),
      states: args.states?.length ? [...new Set(args.states)].sort() : null,
      author: args.author ?? null,
    };
    const page = await ctx.loaders.reviewPage.load({ repositoryId: pull.id, page: request });
    return connection(page.rows, page.total, pageAt(request.window, page.rows.length, page.total));
  },
  latestReviews: async (pull, args, ctx) => {
    const window = twoWayWindow(args, 'latestReviews');
    const page = await ctx.loaders.latestReviewPage.load({ repositoryId: pull.id, page: window });
    return connection(page.rows, page.total, pageAt(window, page.rows.length, page.total));
  },
  reviewThreads: async (pull, args, ctx) => {
    const window = twoWayWindow(args, 'reviewThreads');
    const page = await ctx.loaders.reviewThreadPage.load({ repositoryId: pull.id, page: window });
    return connection(page.rows, page.total, pageAt(window, page.rows.length, page.total));
  },
  // GitHub decides only where branch protection requires reviews (the base
  // branch's rule), and answers null elsewhere, whatever the reviews say.
  reviewDecision: async (pull, _args, ctx) => {
    const rules = await rulesOf(ctx, pull.repository_id);
    if (rules.length === 0) return null;
    const repo = await ctx.loaders.repositoryById.load(pull.repository_id);
    if (!repo) return null;
    const deps = { sql: ctx.services.sql, git: ctx.services.git, rules };
    return reviewDecisionOf(deps, repo, conditionsOfModel(pull));
  },
};
