// What PullRequest.mergeStateStatus and reviewDecision read of branch
// protection: the pull request as its conditions see it, and each
// repository's rules read once a request (however many pull requests of it
// the query shows), so a page of pull requests costs one read of the rules.
import type { ConditionsPull } from '../../branch-protection/merge-conditions.js';
import { type ProtectionRow, protectionsOf } from '../../branch-protection/protections-store.js';
import type { GraphqlContext } from '../core/context.js';
import type { PullModel } from './pull-models.js';

const rulesByRequest = new WeakMap<object, Map<number, Promise<ProtectionRow[]>>>();

export function rulesOf(ctx: GraphqlContext, repositoryId: number): Promise<ProtectionRow[]> {
  let byRepo = rulesByRequest.get(ctx.loaders);
  if (!byRepo) rulesByRequest.set(ctx.loaders, (byRepo = new Map()));
  let rules = byRepo.get(repositoryId);
  if (!rules) byRepo.set(repositoryId, (rules = protectionsOf(ctx.services.sql, repositoryId)));
  return rules;
}

export const conditionsOfModel = (pull: PullModel): ConditionsPull => ({
  issueId: pull.id,
  authorId: pull.user_id,
  headSha: pull.head_sha,
  baseSha: pull.base_sha,
  baseRef: pull.base_ref,
});
