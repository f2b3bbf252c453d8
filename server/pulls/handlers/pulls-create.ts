import { validationFailed } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { checkedTitle } from '../../issues/issue-input.js';
import { inIssueTransaction } from '../../issues/issue-transaction.js';
import { repositoryLookup, pullRepository } from '../pull-access.js';
import { openPull } from '../pull-changes.js';
import { branchSha, diffCounts } from '../pull-git.js';
import { pullRequestView } from '../pull-view.js';

const invalid = (field: string) => validationFailed([{ resource: 'PullRequest', field, code: 'invalid' }]);

// Anyone who can read the repository may open a pull request (as GitHub).
// The head is a branch of this repository, `branch` or `owner:branch`; a
// head in another repository is 422 until forks land.
export const createPull: Handler<'pulls/create'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  ctx.user();
  const { body } = await ctx.input();
  if (body.issue === undefined && body.title === undefined) {
    throw validationFailed([{ resource: 'PullRequest', field: 'title', code: 'missing_field' }]);
  }
  const colon = body.head.indexOf(':');
  const headOwner = colon >= 0 ? body.head.slice(0, colon) : repo.owner_login;
  const headRef = colon >= 0 ? body.head.slice(colon + 1) : body.head;
  if (headOwner.toLowerCase() !== repo.owner_login.toLowerCase()) throw invalid('head');
  if (body.head_repo !== undefined && body.head_repo.toLowerCase() !== `${repo.owner_login}/${repo.name}`.toLowerCase()) throw invalid('head_repo');
  const { git } = ctx.services;
  const baseSha = await branchSha(git, repo.id, body.base, 'base');
  const headSha = await branchSha(git, repo.id, headRef, 'head');
  const counts = await diffCounts(git, repo.id, { head: headSha, base: baseSha });
  if (counts.commits === 0) {
    throw validationFailed([{ resource: 'PullRequest', field: 'head', code: 'custom', message: `No commits between ${body.base} and ${headRef}` }]);
  }
  const repos = await repositoryLookup(ctx.services, repo, []);
  const issue = body.issue !== undefined ? { number: body.issue } : { title: checkedTitle(body.title!), body: body.body ?? null };
  const row = await inIssueTransaction(ctx, repo, (events) => openPull(events, git, repos, {
    issue, head: { ref: headRef, sha: headSha }, base: { ref: body.base, sha: baseSha },
    draft: body.draft ?? false, maintainerCanModify: body.maintainer_can_modify ?? false, counts,
  }));
  const view = pullRequestView(row, repos, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
