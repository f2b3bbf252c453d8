// A new pull request asks its code owners for reviews (server/codeowners/),
// whichever edge opened it (REST pulls/create, GraphQL createPullRequest):
// the owners are read before the transaction (git work), then asked in the
// transaction that opens it, the author left out, with the review request
// events of any request.
import {
  codeownerReviewers,
  MAX_CODEOWNER_REQUESTS,
  type CodeownerReviewers,
} from '../codeowners/codeowner-reviews.js';
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import type { RepositoryLookup } from './pull-view.js';
import { pullFileSummary } from './pull-diff.js';
import type { PullRow } from './pull-rows.js';
import { requestReviewers } from './review-requests.js';
import { requestTeamReviewers } from './team-review-requests.js';

/** The code owners of what the pull request from `baseSha` to `headSha` changes (one ls-tree without a CODEOWNERS file). */
export function codeOwnersOfChange(
  services: { sql: Sql; git: GitRepositories },
  repo: RepositoryRow,
  baseSha: string,
  headSha: string,
): Promise<CodeownerReviewers> {
  const { sql, git } = services;
  return codeownerReviewers(sql, git, repo, baseSha, async () =>
    (await pullFileSummary(git, repo.id, { base_sha: baseSha, head_sha: headSha })).map((f) => f.filename),
  );
}

/** Asks `owners` to review the just opened pull request; the pull request after it. */
export async function askCodeOwners(
  events: EventContext,
  repos: RepositoryLookup,
  opened: PullRow,
  owners: CodeownerReviewers,
): Promise<PullRow> {
  const reviewers = owners.users
    .filter((owner) => owner.id !== opened.issue.user_id)
    .slice(0, MAX_CODEOWNER_REQUESTS)
    .map((owner) => owner.login);
  const asked = reviewers.length ? await requestReviewers(events, repos, opened.issue.number, reviewers) : opened;
  const teams = owners.teams.map((team) => team.slug);
  return teams.length ? requestTeamReviewers(events, repos, opened.issue.number, teams, true) : asked;
}
