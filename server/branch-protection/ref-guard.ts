// The one decision on a ref move to a protected branch, for every path that
// moves refs: the refs and contents APIs and merges ask it before their
// compare-and-swap (refUpdateRefusal), and a git push gets the same rules
// for its update hook (push-protection.ts), which checks what needs the
// pushed objects (force pushes, merge commits) inside git's quarantine.
// A rule with `enforce_admins` off does not hold admins.
import type { Permission } from '../access/permissions.js';
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import { isForced } from '../repos/git-commits.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { ruleForBranch } from './branch-patterns.js';
import { mayForcePush } from './force-push-bypass.js';
import { type ProtectionRow, protectionsOf } from './protections-store.js';
import { mayPushUnder, type PushActor, RESTRICTED_MESSAGE } from './push-restrictions.js';
import { checksMessage, requiredCheckStates } from './required-checks.js';

export interface RefUpdate {
  ref: string;
  /** null: the ref is created. */
  before: string | null;
  /** null: the ref is deleted. */
  after: string | null;
}

/** `merge`: the pull request merge path, which checks reviews and checks itself (merge-guard.ts). */
export type RefPath = 'push' | 'api' | 'merge';

export const MESSAGES = {
  locked: 'Cannot change this locked branch',
  deletion: 'Cannot delete this protected branch',
  creation: 'Cannot create this protected branch',
  pullRequest: 'Changes must be made through a pull request.',
  force: 'Cannot force-push to this branch',
  merges: 'This branch must not contain merge commits.',
} as const;

/** The rule protecting `ref` that holds a caller with `permission`, or null. */
export function holdingRule(
  rules: readonly ProtectionRow[],
  ref: string,
  permission: Permission | null,
): ProtectionRow | null {
  if (!ref.startsWith('refs/heads/') || rules.length === 0) return null;
  const rule = ruleForBranch(rules, ref.slice('refs/heads/'.length));
  if (rule === null || (!rule.enforce_admins && permission === 'admin')) return null;
  return rule;
}

/** What the rule refuses before looking at the new commits (null: nothing yet). */
export async function refusalBeforeObjects(
  sql: Sql,
  repo: RepositoryRow,
  rule: ProtectionRow,
  update: RefUpdate,
  path: RefPath,
): Promise<string | null> {
  if (rule.lock_branch) return MESSAGES.locked;
  if (update.after === null) return rule.allow_deletions ? null : MESSAGES.deletion;
  if (update.before === null && rule.block_creations) return MESSAGES.creation;
  if (path === 'merge') return null;
  if (rule.required_pull_request_reviews !== null) return MESSAGES.pullRequest;
  if (rule.required_status_checks !== null && rule.required_status_checks.checks.length > 0) {
    const states = await requiredCheckStates(sql, repo.id, update.after, rule.required_status_checks);
    return checksMessage(states);
  }
  return null;
}

/** The first merge commit in `before..after` (all of `after`'s history for a new ref), or null. */
export async function firstMergeCommit(
  git: GitRepositories,
  repositoryId: number,
  before: string | null,
  after: string,
): Promise<string | null> {
  const range = before === null ? [after] : [after, `^${before}`];
  const out = await git.git(repositoryId, ['rev-list', '--min-parents=2', '--max-count=1', ...range, '--']);
  return out.trim() || null;
}

/** Why `update` may not happen for this caller, in GitHub's words, or null when it may. */
export async function refUpdateRefusal(
  services: { sql: Sql; git: GitRepositories },
  repo: RepositoryRow,
  permission: Permission | null,
  update: RefUpdate,
  path: RefPath,
  actor?: PushActor,
): Promise<string | null> {
  const rule = holdingRule(await protectionsOf(services.sql, repo.id), update.ref, permission);
  if (rule === null) return null;
  // Push restrictions: who moves the ref must be listed (push-restrictions.ts).
  if (actor && !(await mayPushUnder(services.sql, rule.restrictions, actor))) return RESTRICTED_MESSAGE;
  const early = await refusalBeforeObjects(services.sql, repo, rule, update, path);
  if (early !== null || update.after === null) return early;
  const { before, after } = update;
  if (
    before !== null &&
    !rule.allow_force_pushes &&
    (await isForced(services.git, repo.id, before, after)) &&
    !(await mayForcePush(services.sql, rule, actor))
  )
    return MESSAGES.force;
  if (rule.required_linear_history && (await firstMergeCommit(services.git, repo.id, before, after)) !== null)
    return MESSAGES.merges;
  return null;
}
