import { domainErrorKind } from '../../errors/domain-error.js';
import { ApiError } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { readRule } from '../protection-service.js';
import { protectionRoute, ruleBody } from './protection-route.js';

const DOCUMENTATION_URL = 'https://docs.github.com/rest/branches/branch-protection#get-branch-protection';

// GET …/branches/{branch}/protection: 404 `Branch not protected` (or `Branch
// not found`) without a rule, with the documentation_url GitHub gives there.
export const getBranchProtection: Handler<'repos/get-branch-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  try {
    return { status: 200, body: ruleBody(ctx, repo, await readRule(ctx.services, repo, branch)) as never };
  } catch (error) {
    if (domainErrorKind(error) !== 'not_found') throw error;
    throw new ApiError(404, (error as Error).message, undefined, {}, undefined, DOCUMENTATION_URL);
  }
};
