import type { Handler } from '../../http/operation-context.js';
import { repositoryUrls } from '../../issues/issue-view.js';
import { accessRepository } from '../../repos/repository-access.js';
import { updatePullBranch } from '../merge/update-branch.js';

// Push access to the head branch (this repository's) is needed, as GitHub.
export const updateBranch: Handler<'pulls/update-branch'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.user();
  const { body } = await ctx.input();
  await updatePullBranch(ctx.services, ctx.principal, repo, ctx.params.pull_number, body?.expected_head_sha);
  const url = `${repositoryUrls(repo.owner_login, repo.name, ctx.services.urls).api}/pulls/${ctx.params.pull_number}`;
  return { status: 202, body: { message: 'Updating pull request branch.', url } };
};
