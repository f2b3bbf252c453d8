import { restStatus } from '../../http/domain-error-reply.js';
import type { Handler } from '../../http/operation-context.js';
import { repositoryUrls } from '../../issues/issue-view.js';
import { accessRepository, type RepositoryAccess } from '../../http/repository-access.js';
import { updatePullBranch } from '../merge/update-branch.js';

// Push access to the head branch is needed, as GitHub: write on the base for
// a head there; for a head in a fork, push access to the fork or the
// maintainer grant (update-branch.ts decides, once it knows the head).
export const updateBranch: Handler<'pulls/update-branch'> = async (ctx) => {
  const { owner, repo: name } = ctx.params;
  let access: RepositoryAccess;
  let baseWriter = true;
  try {
    access = await accessRepository(ctx, owner, name, 'write');
  } catch (error) {
    if (restStatus(error) !== 403) throw error;
    // A reader of the base may still own the fork the head is in.
    access = await accessRepository(ctx, owner, name, 'read');
    baseWriter = false;
  }
  const { repo } = access;
  ctx.user();
  const { body } = await ctx.input();
  await updatePullBranch(
    ctx.services,
    { principal: ctx.principal, baseWriter },
    repo,
    ctx.params.pull_number,
    body?.expected_head_sha,
  );
  const url = `${repositoryUrls(repo.owner_login, repo.name, ctx.services.urls).api}/pulls/${ctx.params.pull_number}`;
  return { status: 202, body: { message: 'Updating pull request branch.', url } };
};
