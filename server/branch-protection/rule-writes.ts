// The one flow of every change to a branch protection rule, whichever API
// asks (REST's protection-service.ts addresses rules by branch name,
// GraphQL's rule-service.ts by id): one transaction that reads the rule as it
// was, writes it, and emits its `branch_protection_rule` event
// (protection-events.ts) through the outbox. Cached answers that depend on a
// rule follow from the table's trigger (migration 043), in the same
// transaction. Each edge keeps its own words for the cases where they differ
// (GraphQL refuses a pattern already protected; REST replaces its rule).
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { inTransaction } from '../transactions/in-transaction.js';
import { emitProtectionEvent } from './protection-events.js';
import {
  deleteProtection,
  type ForcePushBypass,
  type ProtectionRow,
  type ProtectionValues,
  protectionByPattern,
  putProtection,
  type RuleChanges,
  updateProtection,
} from './protections-store.js';

export type WriteNeeds = Pick<Services, 'sql' | 'urls' | 'repos' | 'issueChangesAsPull'>;

/** Who a rule records as its creator: a person or an app's bot (an installation token's user). */
const creatorOf = (principal: Principal) => (principal.kind === 'token' ? principal.user.id : null);

/**
 * The rule of `pattern` with exactly these settings: `created` or `edited`
 * (with what changed). `alreadyProtected`, when given, refuses a pattern that
 * has a rule, also one a concurrent call made first (GraphQL's create).
 */
export async function putRule(
  services: WriteNeeds,
  repo: RepositoryRow,
  principal: Principal,
  pattern: string,
  values: ProtectionValues & Partial<ForcePushBypass>,
  alreadyProtected?: () => Error,
): Promise<ProtectionRow> {
  return inTransaction(services, repo, principal, async (events) => {
    const before = await protectionByPattern(events.tx, repo.id, pattern);
    if (before && alreadyProtected) throw alreadyProtected();
    const { row, created } = await putProtection(events.tx, repo.id, pattern, creatorOf(principal), values);
    // Two creations at once: the second one met the first's row (ON CONFLICT).
    if (!created && alreadyProtected) throw alreadyProtected();
    await emitProtectionEvent(events, row, created ? 'created' : 'edited', before);
    return row;
  });
}

/**
 * Changes `current` (the rule as the caller read it): `edited`, its changes
 * against `current`. `check` runs first, in the transaction; `missing` is the
 * edge's error for a rule deleted meanwhile.
 */
export async function changeRuleRow(
  services: WriteNeeds,
  repo: RepositoryRow,
  principal: Principal,
  current: ProtectionRow,
  changes: RuleChanges,
  missing: () => Error,
  check?: (tx: TransactionSql) => Promise<void>,
): Promise<ProtectionRow> {
  return inTransaction(services, repo, principal, async (events) => {
    await check?.(events.tx);
    const row = await updateProtection(events.tx, current.id, changes);
    if (!row) throw missing();
    await emitProtectionEvent(events, row, 'edited', current);
    return row;
  });
}

/** Deletes `current`: `deleted`. A rule gone meanwhile is `missing()`, or nothing when that is null (REST). */
export async function removeRule(
  services: WriteNeeds,
  repo: RepositoryRow,
  principal: Principal,
  current: ProtectionRow,
  missing: (() => Error) | null,
): Promise<void> {
  await inTransaction(services, repo, principal, async (events) => {
    if (await deleteProtection(events.tx, current.id)) await emitProtectionEvent(events, current, 'deleted', null);
    else if (missing) throw missing();
  });
}
