// The pending review requests of many pull requests in one statement (GraphQL's
// `PullRequest.reviewRequests` loader): REST's `requested_reviewers`, the same
// table, the same order (as they were asked).
import type { Sql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';

/** A user asked to review a pull request (its issue id) and not yet heard from. */
export interface PendingReviewRequest {
  issue_id: number;
  reviewer: AccountRow;
}

/** Each pull request's pending review requests, oldest first. */
export async function reviewRequestsOf(
  sql: Sql,
  issueIds: readonly number[],
): Promise<Map<number, PendingReviewRequest[]>> {
  const rows = await sql<(AccountRow & { request_issue_id: number })[]>`
    SELECT a.*, rr.issue_id AS request_issue_id FROM pull_request_review_requests rr JOIN accounts a ON a.id = rr.reviewer_id
    WHERE rr.issue_id = ANY(${issueIds as number[]}) ORDER BY rr.issue_id, rr.created_at, a.id`;
  const found = new Map<number, PendingReviewRequest[]>(issueIds.map((id) => [id, []]));
  for (const { request_issue_id, ...reviewer } of rows)
    found.get(request_issue_id)!.push({ issue_id: request_issue_id, reviewer });
  return found;
}
