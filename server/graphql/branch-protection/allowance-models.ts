// A rule's allowances as GraphQL lists them: one per actor of one of the
// rule's stored actor lists (users, then teams, then apps, in the order they
// were given), with no row of their own (ids: ids/allowance-node-id.ts).
import type { ActorLists, ProtectionRow } from '../../branch-protection/protections-store.js';
import type { AllowanceActorKind, AllowanceType } from '../../ids/allowance-node-id.js';

export interface AllowanceModel {
  type: AllowanceType;
  rule: ProtectionRow;
  actor: { kind: AllowanceActorKind; id: number };
  /** The rule's repository: what an installation's reads are checked against (installation-guard.ts). */
  repository_id: number;
}

/** The stored list behind each allowance type (null: off). */
export const LIST_OF: Record<AllowanceType, (rule: ProtectionRow) => ActorLists | null> = {
  PushAllowance: (rule) => rule.restrictions,
  BypassPullRequestAllowance: (rule) => rule.required_pull_request_reviews?.bypass_pull_request_allowances ?? null,
  BypassForcePushAllowance: (rule) => rule.bypass_force_push_allowances,
  ReviewDismissalAllowance: (rule) => rule.required_pull_request_reviews?.dismissal_restrictions ?? null,
};

export function allowancesOf(rule: ProtectionRow, type: AllowanceType): AllowanceModel[] {
  const lists = LIST_OF[type](rule);
  if (lists === null) return [];
  const of = (kind: AllowanceActorKind, ids: readonly number[]) =>
    ids.map((id): AllowanceModel => ({ type, rule, actor: { kind, id }, repository_id: rule.repository_id }));
  return [...of('User', lists.users), ...of('Team', lists.teams), ...of('App', lists.apps)];
}

/** The allowance of `type` for `actor` in `rule`, when the rule's list holds the actor (a node id read back). */
export function allowanceIn(
  rule: ProtectionRow,
  type: AllowanceType,
  actor: { kind: AllowanceActorKind; id: number },
): AllowanceModel | null {
  return (
    allowancesOf(rule, type).find(
      (allowance) => allowance.actor.kind === actor.kind && allowance.actor.id === actor.id,
    ) ?? null
  );
}
