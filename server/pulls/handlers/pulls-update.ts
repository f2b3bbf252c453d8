import { forbidden, notFound } from '../../errors/domain-error.js';
import { routeRepository } from '../../http/repository-access.js';
import type { Handler } from '../../http/operation-context.js';
import { checkedTitle } from '../../issues/issue-input.js';
import { canEditIssue } from '../../access/issue-permissions.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { checkMaintainerGrant } from '../maintainer-grant.js';
import { repositoryLookup, seenBy } from '../pull-access.js';
import { changePull, type PullChange } from '../pull-changes.js';
import { branchSha, diffCounts } from '../pull-git.js';
import { pullByNumber } from '../pull-rows.js';
import { pullRequestView } from '../pull-view.js';

// The author, or anyone with triage access or above, may edit a pull request (as its issue).
export const updatePull: Handler<'pulls/update'> = async (ctx) => {
  const { repo, permission } = await routeRepository(ctx);
  const user = ctx.user();
  const { body } = await ctx.input();
  const { git, sql } = ctx.services;
  const current = await pullByNumber(sql, repo.id, ctx.params.pull_number);
  if (!current) throw notFound();
  if (!canEditIssue(permission, current.issue.user_id, user.user.id))
    throw forbidden('Must have admin rights to Repository.');
  const change: PullChange = { state: body.state, maintainerCanModify: body.maintainer_can_modify };
  if (body.title !== undefined) change.title = checkedTitle(body.title);
  if (body.body !== undefined) change.body = body.body;
  if (body.base !== undefined && body.base !== current.pull.base_ref) {
    const sha = await branchSha(git, repo.id, body.base, 'base');
    change.base = {
      ref: body.base,
      sha,
      counts: await diffCounts(git, repo.id, { head: current.pull.head_sha, base: sha }),
    };
  }
  const repos = await repositoryLookup(ctx.services, repo, [current.pull.head_repository_id]);
  if (body.maintainer_can_modify && !current.pull.maintainer_can_modify) {
    await checkMaintainerGrant(ctx.services, ctx.principal, repos(current.pull.head_repository_id), repo.id, true);
  }
  const row = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    changePull(events, repos, ctx.params.pull_number, change),
  );
  const seen = await seenBy(ctx.services, ctx.principal, repo, repos, [row.pull.head_repository_id]);
  return { status: 200, body: pullRequestView(row, seen, ctx.services.urls) };
};
