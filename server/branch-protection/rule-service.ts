// Branch protection rules as GraphQL addresses them: by id, with a pattern
// that may be a glob (branch-patterns.ts), created for a pattern whether or
// not a branch matches it. The same store, events and transaction as REST's
// protection-service.ts (one rule table, one `branch_protection_rule` event
// per change). The caller's admin right is checked by the edge through the
// access policy before these run.
import type { Principal } from '../auth/principal.js';
import { notFound, unprocessable } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { inTransaction } from '../transactions/in-transaction.js';
import { emitProtectionEvent } from './protection-events.js';
import {
  deleteProtection,
  type ProtectionRow,
  type ProtectionValues,
  protectionById,
  protectionByPattern,
  putProtection,
  updateProtection,
} from './protections-store.js';

type Needs = Pick<Services, 'sql' | 'urls' | 'repos' | 'issueChangesAsPull'>;

/** GitHub's pattern rules: not blank, at most 1,024 characters, no NUL (PostgreSQL text cannot hold it). */
export function checkedPattern(pattern: string): string {
  if (pattern.trim() === '') throw unprocessable('Pattern can\u2019t be blank');
  if (pattern.length > 1024) throw unprocessable('Pattern is too long (maximum is 1024 characters)');
  if (pattern.includes('\0')) throw unprocessable('Pattern contains a NUL character, which cannot be stored.');
  return pattern;
}

const alreadyProtected = (pattern: string) => unprocessable(`Name already protected: ${pattern}`);

/** A new rule for `pattern`; UNPROCESSABLE (GitHub's words) when the repository has one for it already. */
export async function createRule(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  pattern: string,
  values: ProtectionValues,
): Promise<ProtectionRow> {
  checkedPattern(pattern);
  const creator = principal.kind === 'token' ? principal.user.id : null;
  return inTransaction(services, repo, principal, async (events) => {
    if (await protectionByPattern(events.tx, repo.id, pattern)) throw alreadyProtected(pattern);
    const { row, created } = await putProtection(events.tx, repo.id, pattern, creator, values);
    // Two creations at once: the second one met the first's row (ON CONFLICT) and is refused.
    if (!created) throw alreadyProtected(pattern);
    await emitProtectionEvent(events, row, 'created', null);
    return row;
  });
}

/** Changes a rule's settings and possibly its pattern; the rule as it is now. */
export async function updateRule(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  current: ProtectionRow,
  changes: Partial<ProtectionValues> & { pattern?: string },
): Promise<ProtectionRow> {
  if (changes.pattern !== undefined) checkedPattern(changes.pattern);
  return inTransaction(services, repo, principal, async (events) => {
    if (changes.pattern !== undefined && changes.pattern !== current.pattern) {
      const other = await protectionByPattern(events.tx, repo.id, changes.pattern);
      if (other) throw alreadyProtected(changes.pattern);
    }
    const row = await updateProtection(events.tx, current.id, changes);
    if (!row) throw notFound('Branch protection rule not found');
    await emitProtectionEvent(events, row, 'edited', current);
    return row;
  });
}

/** Deletes a rule; NOT_FOUND when it went meanwhile. */
export async function deleteRule(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  current: ProtectionRow,
): Promise<void> {
  await inTransaction(services, repo, principal, async (events) => {
    if (!(await deleteProtection(events.tx, current.id))) throw notFound('Branch protection rule not found');
    await emitProtectionEvent(events, current, 'deleted', null);
  });
}

/** The rule behind an id, or null. */
export const ruleById = (services: Pick<Services, 'sql'>, id: number) => protectionById(services.sql, id);
