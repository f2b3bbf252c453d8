// BranchProtectionRule: the stored rule (protections-store.ts) in GitHub's
// GraphQL words, where a group of settings that is off (REST's null) reads as
// `requires… false` with its details at their defaults. The repository's
// `branchProtectionRules` and `Ref.branchProtectionRule` answer what
// rule-access.ts lets the caller read.
import { patternMatches, ruleForBranch } from '../../branch-protection/branch-patterns.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { listConnection } from '../core/connection.js';
import { paginate } from '../core/paginate.js';
import type { BranchProtectionRuleResolvers, RefResolvers, RepositoryResolvers } from '../generated/resolvers-types.js';
import { BRANCH_PREFIX, refModel } from '../resolvers/refs.js';
import { ruleAllowanceFields } from './allowance-resolvers.js';
import { rulesOf } from './rule-access.js';

export const BranchProtectionRule: BranchProtectionRuleResolvers = {
  id: (rule) => encodeNodeId('BranchProtectionRule', rule.id),
  databaseId: (rule) => rule.id,
  pattern: (rule) => rule.pattern,
  creator: (rule, _args, ctx) => (rule.creator_id === null ? null : ctx.loaders.accountById.load(rule.creator_id)),
  repository: (rule, _args, ctx) => ctx.loaders.repositoryById.load(rule.repository_id),
  requiresApprovingReviews: (rule) => rule.required_pull_request_reviews !== null,
  requiredApprovingReviewCount: (rule) => rule.required_pull_request_reviews?.required_approving_review_count ?? null,
  dismissesStaleReviews: (rule) => rule.required_pull_request_reviews?.dismiss_stale_reviews ?? false,
  requiresCodeOwnerReviews: (rule) => rule.required_pull_request_reviews?.require_code_owner_reviews ?? false,
  requireLastPushApproval: (rule) => rule.required_pull_request_reviews?.require_last_push_approval ?? false,
  restrictsReviewDismissals: (rule) => (rule.required_pull_request_reviews?.dismissal_restrictions ?? null) !== null,
  requiresStatusChecks: (rule) => rule.required_status_checks !== null,
  requiresStrictStatusChecks: (rule) => rule.required_status_checks?.strict ?? false,
  requiredStatusCheckContexts: (rule) => rule.required_status_checks?.checks.map((check) => check.context) ?? [],
  // Each check with the app it must come from, when the rule names one.
  requiredStatusChecks: (rule, _args, ctx) =>
    Promise.all(
      (rule.required_status_checks?.checks ?? []).map(async (check) => ({
        context: check.context,
        app: check.app_id === null ? null : await ctx.loaders.appById.load(check.app_id),
      })),
    ),
  isAdminEnforced: (rule) => rule.enforce_admins,
  requiresLinearHistory: (rule) => rule.required_linear_history,
  allowsForcePushes: (rule) => rule.allow_force_pushes,
  allowsDeletions: (rule) => rule.allow_deletions,
  blocksCreations: (rule) => rule.block_creations,
  requiresConversationResolution: (rule) => rule.required_conversation_resolution,
  lockBranch: (rule) => rule.lock_branch,
  lockAllowsFetchAndMerge: (rule) => rule.allow_fork_syncing,
  restrictsPushes: (rule) => rule.restrictions !== null,
  ...ruleAllowanceFields,
  // Wharf verifies no signatures and has no deployments.
  requiresCommitSignatures: () => false,
  requiresDeployments: () => false,
  requiredDeploymentEnvironments: () => [],
  // The repository's branches the pattern matches, by name (`query`: a part of the name).
  matchingRefs: async (rule, args, ctx) => {
    const repo = await ctx.loaders.repositoryById.load(rule.repository_id);
    if (repo === null) return paginate([], args);
    const branches = (await ctx.loaders.git.refs.load(repo))
      .filter((ref) => ref.fullName.startsWith(BRANCH_PREFIX))
      .map((ref) => refModel(repo, ref, BRANCH_PREFIX))
      .filter((ref) => patternMatches(rule.pattern, ref.name) && (!args.query || ref.name.includes(args.query)))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return paginate(branches, args);
  },
};

export const repositoryRulesField: Pick<RepositoryResolvers, 'branchProtectionRules'> = {
  branchProtectionRules: async (repo, args, ctx) =>
    listConnection(await rulesOf(ctx, repo), args, 'branchProtectionRules'),
};

// Only a branch has a rule; the exact pattern wins over globs (branch-patterns.ts, as enforcement picks it).
export const refRuleField: Pick<RefResolvers, 'branchProtectionRule'> = {
  branchProtectionRule: async (ref, _args, ctx) =>
    ref.prefix === BRANCH_PREFIX ? ruleForBranch(await rulesOf(ctx, ref.repo), ref.name) : null,
};
