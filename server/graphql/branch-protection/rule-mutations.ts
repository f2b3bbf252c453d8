// createBranchProtectionRule, updateBranchProtectionRule and
// deleteBranchProtectionRule: for the repository's admins (an installation
// needs `administration: write`), through the service REST's protection uses
// (rule-service.ts), so each change commits with its
// `branch_protection_rule` event. A rule or repository the caller cannot see
// is NOT_FOUND; one it sees but may not administer is FORBIDDEN.
import { protectionNeed } from '../../access/protection-access.js';
import { protectionById, type ProtectionRow } from '../../branch-protection/protections-store.js';
import { createRule, deleteRule, updateRule } from '../../branch-protection/rule-service.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { forbiddenMutation, visibleRepository } from '../access/writer.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, nodeNotFound } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { asGraphqlError } from '../mutation/in-mutation.js';
import { forgetRules } from './rule-access.js';
import { ruleValues } from './rule-input.js';

type M = Required<MutationResolvers>;

/** FORBIDDEN unless the caller may change `repo`'s rules (the policy's answer, access/protection-access.ts). */
async function checkAdmin(ctx: GraphqlContext, repo: RepositoryRow, mutation: string): Promise<void> {
  if (ctx.access.viewerId === null) throw forbiddenMutation(ctx, mutation);
  const decision = await ctx.access.decide(repo, protectionNeed(true));
  if (decision.refused === 'integration') throw githubError('FORBIDDEN', 'Resource not accessible by integration');
  if (decision.refused !== undefined) throw forbiddenMutation(ctx, mutation);
}

/** The rule behind a BPR_ id in a repository the caller sees (NOT_FOUND otherwise), once the caller is checked as its admin. */
async function ruleToChange(ctx: GraphqlContext, id: string, mutation: string) {
  const ruleId = decodeNodeIdOf(id, 'BranchProtectionRule');
  const rule = ruleId === null ? null : await protectionById(ctx.services.sql, ruleId);
  const repo = rule === null ? null : await ctx.loaders.repositoryById.load(rule.repository_id);
  if (rule === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  await checkAdmin(ctx, repo, mutation);
  return { rule, repo };
}

/** Runs a service call, its domain errors as GraphQL's, and forgets what this request read of rules. */
async function changing<T>(ctx: GraphqlContext, mutation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asGraphqlError(error, ctx, mutation);
  } finally {
    forgetRules(ctx);
  }
}

export const createBranchProtectionRule: M['createBranchProtectionRule'] = async (_parent, { input }, ctx) => {
  const mutation = 'createBranchProtectionRule';
  const repo = await visibleRepository(ctx, input.repositoryId);
  await checkAdmin(ctx, repo, mutation);
  const row: ProtectionRow = await changing(ctx, mutation, async () =>
    createRule(ctx.services, repo, ctx.principal, input.pattern, await ruleValues(ctx, repo, input, null)),
  );
  return { clientMutationId: input.clientMutationId, branchProtectionRule: row };
};

export const updateBranchProtectionRule: M['updateBranchProtectionRule'] = async (_parent, { input }, ctx) => {
  const mutation = 'updateBranchProtectionRule';
  const { rule, repo } = await ruleToChange(ctx, input.branchProtectionRuleId, mutation);
  const row = await changing(ctx, mutation, async () => {
    const values = await ruleValues(ctx, repo, input, rule);
    const pattern = input.pattern == null ? {} : { pattern: input.pattern };
    return updateRule(ctx.services, repo, ctx.principal, rule, { ...values, ...pattern });
  });
  return { clientMutationId: input.clientMutationId, branchProtectionRule: row };
};

export const deleteBranchProtectionRule: M['deleteBranchProtectionRule'] = async (_parent, { input }, ctx) => {
  const mutation = 'deleteBranchProtectionRule';
  const { rule, repo } = await ruleToChange(ctx, input.branchProtectionRuleId, mutation);
  await changing(ctx, mutation, () => deleteRule(ctx.services, repo, ctx.principal, rule));
  return { clientMutationId: input.clientMutationId };
};
