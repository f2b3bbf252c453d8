// The merge gate: what branch protection asks of a pull request before the
// merge path moves its base (pulls/merge/merge-pull.ts calls it before the
// commit is built and the compare-and-swap; auto-merge goes through the same
// path and reads a refusal as "not yet"). The rule holding the base branch
// for this caller (admins pass where `enforce_admins` is off), then push
// restrictions, then the conditions of merge-conditions.ts. What needs the
// new commit (lock, linear history) is ref-guard.ts's, asked with the
// `merge` path once the commit exists. Answers GitHub's sentence for the
// 405, or null when the merge may go on.
import type { Permission } from '../access/permissions.js';
import type { Sql } from '../db/database.js';
import { diffSummary } from '../commits/commit-diff.js';
import type { PullRow } from '../pulls/pull-rows.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { type ConditionsPull, firstUnmet } from './merge-conditions.js';
import { protectionsOf } from './protections-store.js';
import { isListed, mayPushUnder, type PushActor, RESTRICTED_MESSAGE } from './push-restrictions.js';
import { holdingRule } from './ref-guard.js';

export interface MergeGuardDeps {
  sql: Sql;
  git: GitRepositories;
}

/** The pull request as the conditions read it, its changed paths read at most once. */
export function conditionsPull(row: PullRow): ConditionsPull {
  return {
    issueId: row.pull.issue_id,
    authorId: row.issue.user_id,
    headSha: row.pull.head_sha,
    baseSha: row.pull.base_sha,
    baseRef: row.pull.base_ref,
  };
}

/** At most this many changed files are read for code owners (GitHub's limit on a pull request's files). */
const MAX_FILES = 3000;

/** The pull request's changed paths (merge base to head), read at most once, and only when asked. */
export function changedPathsOf(git: GitRepositories, repo: RepositoryRow, pull: ConditionsPull) {
  let paths: Promise<readonly string[]> | undefined;
  const { baseSha: base, headSha: head } = pull;
  const read = async () => {
    // Histories without a common commit: the whole head is the change (as pulls/pull-diff.ts).
    const from = (await git.git(repo.id, ['merge-base', base, head]).catch(() => base)).trim();
    return (await diffSummary(git, repo.id, from, head)).slice(0, MAX_FILES).map((file) => file.filename);
  };
  return () => {
    paths ??= read();
    return paths;
  };
}

/**
 * Why branch protection refuses merging `pull` for this caller (GitHub's
 * words), or null. `actor` names who merges, for push restrictions and
 * review bypass allowances; without it neither lets anyone through.
 */
export async function mergeRefusal(
  deps: MergeGuardDeps,
  repo: RepositoryRow,
  pull: PullRow,
  principalPermission: Permission | null,
  actor: PushActor = { userId: null, appId: null },
): Promise<string | null> {
  const rules = await protectionsOf(deps.sql, repo.id);
  const rule = holdingRule(rules, `refs/heads/${pull.pull.base_ref}`, principalPermission);
  if (rule === null) return null;
  if (!(await mayPushUnder(deps.sql, rule.restrictions, actor))) return RESTRICTED_MESSAGE;
  const bypass = rule.required_pull_request_reviews?.bypass_pull_request_allowances;
  const skipReviews = bypass !== undefined && (await isListed(deps.sql, bypass, actor));
  const candidate = conditionsPull(pull);
  const withPaths = { ...deps, changedPaths: changedPathsOf(deps.git, repo, candidate) };
  const unmet = await firstUnmet(withPaths, repo, candidate, rule, skipReviews);
  return unmet?.message ?? null;
}
