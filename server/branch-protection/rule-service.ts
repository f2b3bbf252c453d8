// Branch protection rules as GraphQL addresses them: by id, with a pattern
// that may be a glob (branch-patterns.ts), created for a pattern whether or
// not a branch matches it. The same flow as REST's protection-service.ts
// (rule-writes.ts: one rule table, one `branch_protection_rule` event per
// change). The caller's admin right is checked by the edge through the
// access policy before these run.
import type { Principal } from '../auth/principal.js';
import { notFound, unprocessable } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import {
  type ForcePushBypass,
  type ProtectionRow,
  type ProtectionValues,
  protectionById,
  protectionByPattern,
  type RuleChanges,
} from './protections-store.js';
import { changeRuleRow, putRule, removeRule, type WriteNeeds } from './rule-writes.js';

/** GitHub's pattern rules: not blank, at most 1,024 characters, no NUL (PostgreSQL text cannot hold it). */
export function checkedPattern(pattern: string): string {
  if (pattern.trim() === '') throw unprocessable('Pattern can\u2019t be blank');
  if (pattern.length > 1024) throw unprocessable('Pattern is too long (maximum is 1024 characters)');
  if (pattern.includes('\0')) throw unprocessable('Pattern contains a NUL character, which cannot be stored.');
  return pattern;
}

const alreadyProtected = (pattern: string) => unprocessable(`Name already protected: ${pattern}`);
const ruleGone = () => notFound('Branch protection rule not found');

/** A new rule for `pattern`; UNPROCESSABLE (GitHub's words) when the repository has one for it already. */
export async function createRule(
  services: WriteNeeds,
  repo: RepositoryRow,
  principal: Principal,
  pattern: string,
  values: ProtectionValues & ForcePushBypass,
): Promise<ProtectionRow> {
  checkedPattern(pattern);
  return putRule(services, repo, principal, pattern, values, () => alreadyProtected(pattern));
}

/** Changes a rule's settings and possibly its pattern; the rule as it is now. */
export async function updateRule(
  services: WriteNeeds,
  repo: RepositoryRow,
  principal: Principal,
  current: ProtectionRow,
  changes: RuleChanges,
): Promise<ProtectionRow> {
  const pattern = changes.pattern;
  if (pattern !== undefined) checkedPattern(pattern);
  return changeRuleRow(services, repo, principal, current, changes, ruleGone, async (tx) => {
    if (pattern !== undefined && pattern !== current.pattern && (await protectionByPattern(tx, repo.id, pattern)))
      throw alreadyProtected(pattern);
  });
}

/** Deletes a rule; NOT_FOUND when it went meanwhile. */
export async function deleteRule(
  services: WriteNeeds,
  repo: RepositoryRow,
  principal: Principal,
  current: ProtectionRow,
): Promise<void> {
  await removeRule(services, repo, principal, current, ruleGone);
}

/** The rule behind an id, or null. */
export const ruleById = (services: Pick<Services, 'sql'>, id: number) => protectionById(services.sql, id);
