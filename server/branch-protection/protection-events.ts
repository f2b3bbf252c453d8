// The `branch_protection_rule` webhook event (created, edited, deleted),
// written in the change's transaction through the outbox. The rule is
// GitHub's webhook shape: settings as enforcement levels (`off`,
// `non_admins`, `everyone`: admins are held too when `enforce_admins`), and
// `authorized_actor_names` the logins, team slugs and app slugs of the push
// restrictions.
import type { TransactionSql } from '../db/database.js';
import type { CallerEvent } from '../webhooks/caller-events.js';
import { emitCallerEvent } from '../webhooks/caller-events.js';
import { isoSeconds } from '../views/timestamps.js';
import type { ActorLists, ProtectionRow } from './protections-store.js';

type Level = 'off' | 'non_admins' | 'everyone';

export function webhookRule(row: ProtectionRow, actorNames: string[] = []) {
  const level = (on: boolean): Level => (on ? (row.enforce_admins ? 'everyone' : 'non_admins') : 'off');
  const reviews = row.required_pull_request_reviews;
  const checks = row.required_status_checks;
  return {
    id: row.id,
    repository_id: row.repository_id,
    name: row.pattern,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    pull_request_reviews_enforcement_level: level(reviews !== null),
    required_approving_review_count: reviews?.required_approving_review_count ?? 0,
    dismiss_stale_reviews_on_push: reviews?.dismiss_stale_reviews ?? false,
    require_code_owner_review: reviews?.require_code_owner_reviews ?? false,
    authorized_dismissal_actors_only: (reviews?.dismissal_restrictions ?? null) !== null,
    ignore_approvals_from_contributors: false,
    require_last_push_approval: reviews?.require_last_push_approval ?? false,
    required_status_checks: checks?.checks.map((check) => check.context) ?? [],
    required_status_checks_enforcement_level: level(checks !== null),
    strict_required_status_checks_policy: checks?.strict ?? false,
    signature_requirement_enforcement_level: 'off' as Level,
    linear_history_requirement_enforcement_level: level(row.required_linear_history),
    lock_branch_enforcement_level: level(row.lock_branch),
    lock_allows_fork_sync: row.allow_fork_syncing,
    admin_enforced: row.enforce_admins,
    allow_force_pushes_enforcement_level: level(row.allow_force_pushes),
    allow_deletions_enforcement_level: level(row.allow_deletions),
    merge_queue_enforcement_level: 'off' as Level,
    required_deployments_enforcement_level: 'off' as Level,
    required_conversation_resolution_level: level(row.required_conversation_resolution),
    authorized_actors_only: row.restrictions !== null,
    authorized_actor_names: actorNames,
    create_protected: row.block_creations,
  };
}

const CHANGE_FIELDS = [
  'admin_enforced',
  'authorized_actor_names',
  'authorized_actors_only',
  'authorized_dismissal_actors_only',
  'linear_history_requirement_enforcement_level',
  'lock_allows_fork_sync',
  'lock_branch_enforcement_level',
  'pull_request_reviews_enforcement_level',
  'require_last_push_approval',
  'required_status_checks',
  'required_status_checks_enforcement_level',
] as const;

/** Emits the event; `before` (for `edited`) gives GitHub's `changes` of the fields its schema names. */
export async function emitProtectionEvent(
  on: CallerEvent,
  row: ProtectionRow,
  action: 'created' | 'edited' | 'deleted',
  before: ProtectionRow | null,
): Promise<void> {
  const rule = webhookRule(row, await actorNames(on.tx, row.restrictions));
  if (action !== 'edited' || before === null) {
    await emitCallerEvent(on, 'branch_protection_rule', action, { rule });
    return;
  }
  const old = webhookRule(before, await actorNames(on.tx, before.restrictions));
  const changes: Record<string, { from: unknown }> = {};
  for (const field of CHANGE_FIELDS)
    if (JSON.stringify(old[field]) !== JSON.stringify(rule[field])) changes[field] = { from: old[field] };
  await emitCallerEvent(on, 'branch_protection_rule', action, { rule, changes });
}

/** The names of the actors who may push: users' logins, then teams' and apps' slugs (as stored now). */
async function actorNames(tx: TransactionSql, lists: ActorLists | null): Promise<string[]> {
  if (lists === null || lists.users.length + lists.teams.length + lists.apps.length === 0) return [];
  const rows = await tx<{ name: string }[]>`
    SELECT name FROM (
      SELECT 1 AS kind, login AS name FROM accounts WHERE id = ANY(${lists.users}::bigint[])
      UNION ALL SELECT 2, slug FROM teams WHERE id = ANY(${lists.teams}::bigint[])
      UNION ALL SELECT 3, slug FROM apps WHERE id = ANY(${lists.apps}::bigint[])
    ) named ORDER BY kind, lower(name)`;
  return rows.map((row) => row.name);
}
