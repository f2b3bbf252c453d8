// `PullRequest.reviewRequests`: the users and teams asked to review a pull
// request and not yet heard from (REST's `requested_reviewers` then
// `requested_teams`, the same tables, the same order: as they were asked).
// One statement each for every pull request on a page. `requestedReviewer` is
// a User or a Team; `asCodeOwner` is true for the team requests CODEOWNERS made.
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
  asCodeOwner: (request) => request.as_code_owner,
  pullRequest: (request, _args, ctx) => pullOfRow(ctx, request.issue_id),
  requestedReviewer: (request) => request.reviewer ?? request.team,
};

export const RequestedReviewer: RequestedReviewerResolvers = {
  // Team rows carry an organization id; accounts do not.
  __resolveType: (reviewer) => ('org_id' in reviewer ? 'Team' : 'User'),
};
