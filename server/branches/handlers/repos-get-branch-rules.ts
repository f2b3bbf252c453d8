import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { ruleForBranch } from '../../branch-protection/branch-patterns.js';
import { branchRulesView } from '../../branch-protection/branch-rules-view.js';
import { protectionsOf } from '../../branch-protection/protections-store.js';

// GET …/rules/branches/{branch}: the rules that would apply to a branch of
// that name (it need not exist): its branch protection rule's, as ruleset rules.
export const getBranchRules: Handler<'repos/get-branch-rules'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const rule = ruleForBranch(await protectionsOf(ctx.services.sql, repo.id), ctx.params.branch);
  return { status: 200, body: branchRulesView(repo, rule) as never };
};
