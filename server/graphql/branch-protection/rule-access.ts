// Which branch protection rules a GraphQL caller reads: those of the
// repositories it administers (access/protection-access.ts, as REST's
// protection operations); anyone else sees no rule, as on GitHub (an empty
// `branchProtectionRules`, a null `Ref.branchProtectionRule`, NOT_FOUND for
// a rule's id). A repository's rules are read once per request, and every
// repository of a page in one statement.
import DataLoader from 'dataloader';
import { protectionNeed } from '../../access/protection-access.js';
import { protectionById, protectionsOfMany, type ProtectionRow } from '../../branch-protection/protections-store.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';

const perRequest = new WeakMap<GraphqlContext['loaders'], DataLoader<number, ProtectionRow[]>>();

function rulesLoader(ctx: GraphqlContext): DataLoader<number, ProtectionRow[]> {
  let loader = perRequest.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const rows = await protectionsOfMany(ctx.services.sql, ids);
      return ids.map((id) => rows.filter((row) => row.repository_id === id));
    });
    perRequest.set(ctx.loaders, loader);
  }
  return loader;
}

/** After a mutation: what this request read of rules predates it. */
export const forgetRules = (ctx: GraphqlContext) => perRequest.get(ctx.loaders)?.clearAll();

/** Whether the caller administers `repo`'s rules (reads them; `change`: writes them). */
export const administers = (ctx: GraphqlContext, repo: RepositoryRow, change = false) =>
  ctx.access.allows(repo, protectionNeed(change));

/** The rules of `repo` the caller reads, oldest first (none unless it administers the repository). */
export async function rulesOf(ctx: GraphqlContext, repo: RepositoryRow): Promise<ProtectionRow[]> {
  if (!(await ctx.access.seesRepository(repo)) || !(await administers(ctx, repo))) return [];
  return rulesLoader(ctx).load(repo.id);
}

/** The rule behind a BPR_ id with its repository, when the caller reads it; null otherwise. */
export async function visibleRule(
  ctx: GraphqlContext,
  id: string,
): Promise<{ rule: ProtectionRow; repo: RepositoryRow } | null> {
  const ruleId = decodeNodeIdOf(id, 'BranchProtectionRule');
  return ruleId === null ? null : loadRule(ctx, ruleId);
}

export async function loadRule(ctx: GraphqlContext, ruleId: number) {
  const rule = await protectionById(ctx.services.sql, ruleId);
  const repo = rule === null ? null : await ctx.loaders.repositoryById.load(rule.repository_id);
  if (rule === null || repo === null || !(await ctx.access.seesRepository(repo))) return null;
  return (await administers(ctx, repo)) ? { rule, repo } : null;
}
