// What PullRequest.mergeStateStatus and reviewDecision read of branch
// protection: the pull request as its conditions see it, and each
// repository's rules read once a request (however many pull requests of it
// the query shows), so a page of pull requests costs one read of the rules;
// the heads' statuses and check runs are read for the whole page at once.
// A protected base still costs each pull request its own review and check
// reads (merge-conditions.ts): the query cost counts every pull request.
import DataLoader from 'dataloader';
import type { ConditionsPull } from '../../branch-protection/merge-conditions.js';
import { type HeadChecks, headChecksOf } from '../../branch-protection/merge-state.js';
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

const checksByRequest = new WeakMap<object, DataLoader<string, HeadChecks>>();

/** The latest statuses and check runs of a head, batched over the request's pull requests. */
export function headChecksReader(ctx: GraphqlContext) {
  let loader = checksByRequest.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader(async (keys: readonly string[]) =>
      headChecksOf(
        ctx.services.sql,
        keys.map((key) => {
          const [id, sha] = key.split(':');
          return { repositoryId: Number(id), sha: sha! };
        }),
      ),
    );
    checksByRequest.set(ctx.loaders, loader);
  }
  const batched = loader;
  return (repositoryId: number, sha: string) => batched.load(`${repositoryId}:${sha}`);
}

export const conditionsOfModel = (pull: PullModel): ConditionsPull => ({
  issueId: pull.id,
  authorId: pull.user_id,
  headSha: pull.head_sha,
  baseSha: pull.base_sha,
  baseRef: pull.base_ref,
});
