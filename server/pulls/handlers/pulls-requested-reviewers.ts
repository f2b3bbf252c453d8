// Review requests: GET …/requested_reviewers (who is asked), POST (ask, 201)
// and DELETE (withdraw, 200), the last two by the pull request's author or
// anyone with triage access, with GitHub's pull-request-simple body. Users
// (`reviewers`) and teams (`team_reviewers`) change in one transaction: a
// refused team leaves the users unasked too.
import { routeRepository } from '../../http/repository-access.js';
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler, OperationContext } from '../../http/operation-context.js';
import { canEditIssue } from '../../access/issue-permissions.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { simpleUser } from '../../repos/user-view.js';
import { repositoryLookup, seenBy } from '../pull-access.js';
import { pullByNumber } from '../pull-rows.js';
import { pullRequestSimpleView, requestedTeamView } from '../pull-view.js';
import { removeReviewRequests, requestReviewers } from '../review-requests.js';
import { removeTeamReviewRequests, requestTeamReviewers } from '../team-review-requests.js';

type ChangeOp = 'pulls/request-reviewers' | 'pulls/remove-requested-reviewers';

/** The repository, the pull request (404) and the caller's right to change its requests (403), in that order. */
async function changeablePull<K extends ChangeOp>(
  ctx: OperationContext<K> & { params: { owner: string; repo: string; pull_number: number } },
) {
  const { repo, permission } = await routeRepository(ctx);
  const user = ctx.user();
  const current = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!current) throw notFound();
  if (!canEditIssue(permission, current.issue.user_id, user.user.id))
    throw forbidden('Must have triage access to Pull Request.');
  const repos = await repositoryLookup(ctx.services, repo, [current.pull.head_repository_id]);
  return { repo, repos };
}

export const listRequestedReviewers: Handler<'pulls/list-requested-reviewers'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  return {
    status: 200,
    body: {
      users: row.pull.requested_reviewers.map((account) => simpleUser(account, ctx.services.urls)),
      teams: row.pull.requested_teams.map((requested) => requestedTeamView(requested, ctx.services.urls)),
    },
  };
};

export const requestPullReviewers: Handler<'pulls/request-reviewers'> = async (ctx) => {
  const { repo, repos } = await changeablePull(ctx);
  const { body } = await ctx.input();
  const row = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    await requestReviewers(events, repos, ctx.params.pull_number, body.reviewers ?? []);
    return requestTeamReviewers(events, repos, ctx.params.pull_number, body.team_reviewers ?? []);
  });
  return {
    status: 201,
    body: pullRequestSimpleView(
      row,
      await seenBy(ctx.services, ctx.principal, repo, repos, [row.pull.head_repository_id]),
      ctx.services.urls,
    ),
  };
};

export const removePullReviewers: Handler<'pulls/remove-requested-reviewers'> = async (ctx) => {
  const { repo, repos } = await changeablePull(ctx);
  const { body } = await ctx.input();
  const row = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    await removeReviewRequests(events, repos, ctx.params.pull_number, body.reviewers);
    return removeTeamReviewRequests(events, repos, ctx.params.pull_number, body.team_reviewers ?? []);
  });
  return {
    status: 200,
    body: pullRequestSimpleView(
      row,
      await seenBy(ctx.services, ctx.principal, repo, repos, [row.pull.head_repository_id]),
      ctx.services.urls,
    ),
  };
};
