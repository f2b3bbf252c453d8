// `PullRequest.reviewRequests`: the users asked to review a pull request and
// not yet heard from (REST's `requested_reviewers`, the same table, the same
// order: as they were asked). One statement for every pull request on a page.
// Wharf requests users only, so `requestedReviewer` is always a User; the
// schema declares Team too because clients' queries spread `... on Team`
// (`gh pr view`), and a fragment on a type the schema lacks fails validation.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { listConnection } from '../core/connection.js';
import type {
  PullRequestResolvers,
  RequestedReviewerResolvers,
  ReviewRequestResolvers,
} from '../generated/resolvers-types.js';
import { pullOfRow } from './pull-paths.js';

export interface ReviewRequestModel {
  issue_id: number;
  reviewer: AccountRow;
}

/** Each pull request's pending review requests, oldest first. */
export async function reviewRequestsOf(
  sql: Sql,
  issueIds: readonly number[],
): Promise<Map<number, ReviewRequestModel[]>> {
  const rows = await sql<(AccountRow & { request_issue_id: number })[]>`
    SELECT a.*, rr.issue_id AS request_issue_id FROM pull_request_review_requests rr JOIN accounts a ON a.id = rr.reviewer_id
    WHERE rr.issue_id = ANY(${issueIds as number[]}) ORDER BY rr.issue_id, rr.created_at, a.id`;
  const found = new Map<number, ReviewRequestModel[]>(issueIds.map((id) => [id, []]));
  for (const { request_issue_id, ...reviewer } of rows)
    found.get(request_issue_id)!.push({ issue_id: request_issue_id, reviewer });
  return found;
}

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
