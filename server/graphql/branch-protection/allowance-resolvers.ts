// BranchProtectionRule's allowance connections (pushAllowances,
// bypassPullRequestAllowances, bypassForcePushAllowances,
// reviewDismissalAllowances) and their types. Whoever reads the rule (its
// repository's admins, rule-access.ts) reads its allowances. Each list is
// paged like every connection (first/last at most 100, and counted by the
// resource limits before the query runs: connection-tally.ts), and its actors
// are read through the per-request loaders: a page costs one statement per
// kind of actor, whatever its size. An actor the caller may not see (a secret
// team), or one deleted since, answers null.
import { encodeAllowanceNodeId } from '../../ids/allowance-node-id.js';
import type { AllowanceType } from '../../ids/allowance-node-id.js';
import type { ProtectionRow } from '../../branch-protection/protections-store.js';
import type { GraphqlContext } from '../core/context.js';
import { listConnection } from '../core/connection.js';
import type {
  BranchProtectionRuleResolvers,
  BypassForcePushAllowanceResolvers,
  BypassPullRequestAllowanceResolvers,
  PushAllowanceResolvers,
  ReviewDismissalAllowanceResolvers,
} from '../generated/resolvers-types.js';
import { loadTeam } from '../teams/team-visibility.js';
import { type AllowanceModel, allowancesOf } from './allowance-models.js';

type Args = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

const page = (type: AllowanceType, field: string) => (rule: ProtectionRow, args: Args) =>
  listConnection(allowancesOf(rule, type), args, field);

export const ruleAllowanceFields: Pick<
  BranchProtectionRuleResolvers,
  'pushAllowances' | 'bypassPullRequestAllowances' | 'bypassForcePushAllowances' | 'reviewDismissalAllowances'
> = {
  pushAllowances: page('PushAllowance', 'pushAllowances'),
  bypassPullRequestAllowances: page('BypassPullRequestAllowance', 'bypassPullRequestAllowances'),
  bypassForcePushAllowances: page('BypassForcePushAllowance', 'bypassForcePushAllowances'),
  reviewDismissalAllowances: page('ReviewDismissalAllowance', 'reviewDismissalAllowances'),
};

/** The actor: a user (not an organization or bot by then), a team the caller sees, or an app; else null. */
async function actorOf(allowance: AllowanceModel, ctx: GraphqlContext) {
  const { kind, id } = allowance.actor;
  if (kind === 'Team') return loadTeam(ctx, id);
  if (kind === 'App') return ctx.loaders.appById.load(id);
  const account = await ctx.loaders.accountById.load(id);
  return account?.kind === 'User' ? account : null;
}

const allowanceFields = {
  id: (allowance: AllowanceModel) => encodeAllowanceNodeId(allowance.type, allowance.rule.id, allowance.actor),
  branchProtectionRule: (allowance: AllowanceModel) => allowance.rule,
  actor: (allowance: AllowanceModel, _args: unknown, ctx: GraphqlContext) => actorOf(allowance, ctx) as never,
};

export const PushAllowance: PushAllowanceResolvers = allowanceFields;
export const BypassPullRequestAllowance: BypassPullRequestAllowanceResolvers = allowanceFields;
export const BypassForcePushAllowance: BypassForcePushAllowanceResolvers = allowanceFields;
export const ReviewDismissalAllowance: ReviewDismissalAllowanceResolvers = allowanceFields;

/** The actor unions: team rows carry an organization id, apps a client id; the rest are users. */
const actorType = (actor: object) => ('org_id' in actor ? 'Team' : 'client_id' in actor ? 'App' : 'User');
export const allowanceActorUnions = {
  PushAllowanceActor: { __resolveType: actorType },
  BranchActorAllowanceActor: { __resolveType: actorType },
  ReviewDismissalAllowanceActor: { __resolveType: actorType },
} as const;
