import { validationFailed } from '../../errors/domain-error.js';
import { routeRepository } from '../../http/repository-access.js';
import type { Handler } from '../../http/operation-context.js';
import { checkedTitle } from '../../issues/issue-input.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { repositoryLookup } from '../pull-access.js';
import { openPull } from '../pull-changes.js';
import { copyHeadCommit } from '../pull-fork-head.js';
import { branchSha, diffCounts } from '../pull-git.js';
import { resolveHead } from '../pull-head.js';
import { checkMaintainerGrant } from '../maintainer-grant.js';
import { pullRequestView } from '../pull-view.js';
import { askCodeOwners, codeOwnersOfChange } from '../code-owner-requests.js';

// Anyone who can read the repository may open a pull request (as GitHub).
// The head is a branch of this repository or of a repository of its fork
// network the caller can read (pull-head.ts), whose commit is first copied
// into this repository (pull-fork-head.ts): the counts, refs/pull/{n}/head
// and merges then need nothing but the base repository.
export const createPull: Handler<'pulls/create'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  ctx.user();
  const { body } = await ctx.input();
  if (body.issue === undefined && body.title === undefined) {
    throw validationFailed([{ resource: 'PullRequest', field: 'title', code: 'missing_field' }]);
  }
  const head = await resolveHead(ctx.services, ctx.principal, repo, body.head, body.head_repo);
  const headRef = head.ref;
  await checkMaintainerGrant(ctx.services, ctx.principal, head.repo, repo.id, body.maintainer_can_modify);
  const { git } = ctx.services;
  const baseSha = await branchSha(git, repo.id, body.base, 'base');
  const headSha = await branchSha(git, head.repo.id, headRef, 'head');
  await copyHeadCommit(git, repo.id, head.repo.id, headSha);
  const counts = await diffCounts(git, repo.id, { head: headSha, base: baseSha });
  if (counts.commits === 0) {
    throw validationFailed([
      {
        resource: 'PullRequest',
        field: 'head',
        code: 'custom',
        message: `No commits between ${body.base} and ${headRef}`,
      },
    ]);
  }
  const repos = await repositoryLookup(ctx.services, repo, [head.repo.id]);
  // Code owners of the changed files are asked to review (server/codeowners/).
  const owners = await codeOwnersOfChange(ctx.services, repo, baseSha, headSha);
  const issue =
    body.issue !== undefined ? { number: body.issue } : { title: checkedTitle(body.title!), body: body.body ?? null };
  const row = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    const opened = await openPull(events, git, repos, {
      issue,
      head: { ref: headRef, sha: headSha },
      headRepository: head.repo,
      base: { ref: body.base, sha: baseSha },
      draft: body.draft ?? false,
      maintainerCanModify: body.maintainer_can_modify ?? false,
      counts,
    });
    return askCodeOwners(events, repos, opened, owners);
  });
  const view = pullRequestView(row, repos, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
