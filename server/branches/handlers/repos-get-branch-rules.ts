import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';

// GET …/rules/branches/{branch}: the rules that would apply to a branch of that
// name (it need not exist). Wharf has no rulesets yet (issue 37): none apply.
export const getBranchRules: Handler<'repos/get-branch-rules'> = async (ctx) => {
  await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  return { status: 200, body: [] };
};
