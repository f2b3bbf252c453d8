import { ApiError } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';

const DOCUMENTATION_URL = 'https://docs.github.com/rest/branches/branch-protection#get-branch-protection';

// GET …/branches/{branch}/protection, read with admin rights as on GitHub. No
// branch is protected yet (issue 37), so GitHub's 404s, told apart as GitHub
// tells them: an existing branch is "not protected", a missing one "not found".
export const getBranchProtection: Handler<'repos/get-branch-protection'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  await ctx.input();
  const sha = await ctx.services.git.resolveRef(repo.id, `refs/heads/${ctx.params.branch}`);
  const message = sha ? 'Branch not protected' : 'Branch not found';
  throw new ApiError(404, message, undefined, {}, undefined, DOCUMENTATION_URL);
};
