// `PullRequest.reviewRequests`: the users asked to review a pull request and
// not yet heard from (REST's `requested_reviewers`, the same table, the same
// order: as they were asked). One statement for every pull request on a page.
// Wharf requests users only, so `requestedReviewer` is always a User; the
// schema declares Team too because clients' queries spread `... on Team`
// (`gh pr view`), and a fragment on a type the schema lacks fails validation.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { reviewRequestsOf, type PendingReviewRequest } from '../../pulls/review-request-batch-reads.js';
import { listConnection } from '../core/connection.js';
import type {
  PullRequestResolvers,
  RequestedReviewerResolvers,
  ReviewRequestResolvers,
} from '../generated/resolvers-types.js';
import { pullOfRow } from './pull-paths.js';

/** The store's row (pulls/review-request-batch-reads.ts reads them, one statement per page). */
export type ReviewRequestModel = PendingReviewRequest;

export const createReviewRequestLoader = (sql: Sql) =>
  new DataLoader<number, ReviewRequestModel[]>(async (ids) => {
    const found = await reviewRequestsOf(sql, ids);
    return ids.map((id) => found.get(id) ?? []);
  });

export const pullReviewRequestsField: Pick<PullRequestResolvers, 'reviewRequests'> = {
  reviewRequests: async (pull, args, ctx) =>
    listConnection(await ctx.loaders.reviewRequests.load(pull.id), args, 'reviewRequests'),
};

export const ReviewRequest: ReviewRequestResolvers = {
  // No CODEOWNERS here: every request is someone's own.
  asCodeOwner: () => false,
  pullRequest: (request, _args, ctx) => pullOfRow(ctx, request.issue_id),
  requestedReviewer: (request) => request.reviewer,
};

export const RequestedReviewer: RequestedReviewerResolvers = {
  __resolveType: () => 'User',
};
