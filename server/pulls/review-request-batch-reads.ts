// The pending review requests of many pull requests in one statement each for
// users and teams (GraphQL's `PullRequest.reviewRequests` loader): REST's
// `requested_reviewers` then `requested_teams`, the same tables, each in the
// order asked.
import type { Sql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { TeamRow } from '../teams/team-row.js';

/** A user or a team asked to review a pull request (its issue id) and not yet heard from. */
export type PendingReviewRequest =
  | { issue_id: number; reviewer: AccountRow; team?: undefined; as_code_owner: false }
  | { issue_id: number; team: TeamRow; reviewer?: undefined; as_code_owner: boolean };

/** Each pull request's pending review requests: users, then teams, each oldest first. */
export async function reviewRequestsOf(
  sql: Sql,
  issueIds: readonly number[],
): Promise<Map<number, PendingReviewRequest[]>> {
  const ids = issueIds as number[];
  const [users, teams] = await Promise.all([
    sql<(AccountRow & { request_issue_id: number })[]>`
      SELECT a.*, rr.issue_id AS request_issue_id FROM pull_request_review_requests rr JOIN accounts a ON a.id = rr.reviewer_id
      WHERE rr.issue_id = ANY(${ids}) ORDER BY rr.issue_id, rr.created_at, a.id`,
    sql<(TeamRow & { request_issue_id: number; request_as_code_owner: boolean })[]>`
      SELECT t.*, tr.issue_id AS request_issue_id, tr.as_code_owner AS request_as_code_owner
      FROM pull_request_team_review_requests tr JOIN teams t ON t.id = tr.team_id
      WHERE tr.issue_id = ANY(${ids}) ORDER BY tr.issue_id, tr.created_at, t.id`,
  ]);
  const found = new Map<number, PendingReviewRequest[]>(issueIds.map((id) => [id, []]));
  for (const { request_issue_id, ...reviewer } of users)
    found.get(request_issue_id)!.push({ issue_id: request_issue_id, reviewer, as_code_owner: false });
  for (const { request_issue_id, request_as_code_owner, ...team } of teams)
    found.get(request_issue_id)!.push({ issue_id: request_issue_id, team, as_code_owner: request_as_code_owner });
  return found;
}
