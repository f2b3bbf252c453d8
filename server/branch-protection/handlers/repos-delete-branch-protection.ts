import type { Handler } from '../../http/operation-context.js';
import { unprotectBranch } from '../protection-service.js';
import { protectionRoute } from './protection-route.js';

// DELETE …/branches/{branch}/protection: the rule goes, with its `deleted` event.
export const deleteBranchProtection: Handler<'repos/delete-branch-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  await unprotectBranch(ctx.services, repo, ctx.principal, branch);
  return { status: 204, body: undefined };
};
