// A pull request's merge state as GitHub computes it on read, for REST's
// `mergeable_state` and GraphQL's `mergeStateStatus`: over the stored state
// of the mergeability job (pulls/mergeable-state.ts: unknown, dirty, draft,
// clean), a clean pull request is `blocked` while its base branch's rule
// asks for reviews, required checks or resolved conversations it lacks,
// `behind` when only `strict` is unmet (the head lacks the base's tip),
// `unstable` while a check or status that is not required is failing or
// pending on the head, and `clean` otherwise. The rule is read as it holds
// everyone (an admin's bypass does not make the state clean, as on GitHub).
// Work per pull request: the repository's rules (one read), and only for
// a clean one the conditions and the head's statuses and check runs.
import { latestRunsOfCommits } from '../checks/check-batch-reads.js';
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { latestStatusesOfCommits } from '../statuses/status-batch-reads.js';
import { ruleForBranch } from './branch-patterns.js';
import { firstUnmet } from './merge-conditions.js';
import { changedPathsOf } from './merge-guard.js';
import type { ConditionsPull } from './merge-conditions.js';
import { type ProtectionRow, protectionsOf } from './protections-store.js';
import { reviewVerdict, type ReviewDecision } from './review-verdict.js';

export interface HeadChecks {
  statuses: { context: string; state: string }[];
  runs: { name: string; status: string; conclusion: string | null }[];
}

export interface MergeStateDeps {
  sql: Sql;
  git: GitRepositories;
  /** The repository's rules, when the caller has them (GraphQL's per-request read); read otherwise. */
  rules?: readonly ProtectionRow[];
  /** The latest statuses and check runs of commits, when the caller batches them (GraphQL); read otherwise. */
  headChecks?: (repositoryId: number, sha: string) => Promise<HeadChecks>;
}

/** The latest statuses and check runs of several commits, two statements in all. */
export async function headChecksOf(
  sql: Sql,
  keys: readonly { repositoryId: number; sha: string }[],
): Promise<HeadChecks[]> {
  const [statuses, runs] = await Promise.all([latestStatusesOfCommits(sql, keys), latestRunsOfCommits(sql, keys)]);
  return keys.map((key) => ({
    statuses: statuses.filter((s) => Number(s.repository_id) === key.repositoryId && s.sha === key.sha),
    runs: runs.filter((r) => Number(r.repository_id) === key.repositoryId && r.head_sha === key.sha),
  }));
}

const PASSING = new Set(['success', 'neutral', 'skipped']);

/** Whether a status or check run that is not required is failing or pending on `sha`. */
async function unstable(
  deps: MergeStateDeps,
  repositoryId: number,
  sha: string,
  required: ReadonlySet<string>,
): Promise<boolean> {
  const { statuses, runs } = deps.headChecks
    ? await deps.headChecks(repositoryId, sha)
    : (await headChecksOf(deps.sql, [{ repositoryId, sha }]))[0]!;
  if (statuses.some((s) => !required.has(s.context) && s.state !== 'success')) return true;
  return runs.some((r) => !required.has(r.name) && (r.status !== 'completed' || !PASSING.has(r.conclusion ?? '')));
}

async function ruleOf(deps: MergeStateDeps, repo: RepositoryRow, branch: string): Promise<ProtectionRow | null> {
  const rules = deps.rules ?? (await protectionsOf(deps.sql, repo.id));
  return rules.length === 0 ? null : ruleForBranch(rules, branch);
}

/** `stored`: the state without protection (mergeableStateOf); `open`: whether the pull request is. */
export async function mergeStateOf(
  deps: MergeStateDeps,
  repo: RepositoryRow,
  pull: ConditionsPull,
  stored: string,
  open: boolean,
): Promise<string> {
  if (stored !== 'clean' || !open) return stored;
  const rule = await ruleOf(deps, repo, pull.baseRef);
  if (rule !== null) {
    const withPaths = { ...deps, changedPaths: changedPathsOf(deps.git, repo, pull) };
    const unmet = await firstUnmet(withPaths, repo, pull, rule);
    if (unmet !== null) return unmet.kind === 'behind' ? 'behind' : 'blocked';
  }
  const required = new Set(rule?.required_status_checks?.checks.map((check) => check.context) ?? []);
  return (await unstable(deps, repo.id, pull.headSha, required)) ? 'unstable' : 'clean';
}

/** GraphQL's `reviewDecision`: null unless the base branch's rule requires reviews. */
export async function reviewDecisionOf(
  deps: MergeStateDeps,
  repo: RepositoryRow,
  pull: ConditionsPull,
): Promise<ReviewDecision | null> {
  const rule = await ruleOf(deps, repo, pull.baseRef);
  const setting = rule?.required_pull_request_reviews;
  if (!setting) return null;
  const withPaths = { ...deps, changedPaths: changedPathsOf(deps.git, repo, pull) };
  return (await reviewVerdict(withPaths, repo, pull, setting)).decision;
}
