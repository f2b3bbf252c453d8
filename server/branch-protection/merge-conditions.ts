// What a rule asks of a pull request before it merges, checked in GitHub's
// order: the required reviews (review-verdict.ts), the required status
// checks on the head (required-checks.ts), resolved conversations, and for
// `strict` a head that contains the base branch's tip. The first one not met
// is the answer: its kind (mergeable_state tells `behind` from `blocked`)
// and GitHub's sentence (the merge's 405).
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import { isAncestor } from '../repos/git-commits.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { ProtectionRow } from './protections-store.js';
import { checksMessage, requiredCheckStates } from './required-checks.js';
import { type ReviewedPull, reviewVerdict } from './review-verdict.js';

export interface ConditionsPull extends ReviewedPull {
  baseRef: string;
}

export interface Unmet {
  kind: 'reviews' | 'checks' | 'conversations' | 'behind';
  message: string;
}

export interface ConditionDeps {
  sql: Sql;
  git: GitRepositories;
  changedPaths: () => Promise<readonly string[]>;
}

export const CONDITION_MESSAGES = {
  conversations: 'All comments must be resolved.',
  behind: 'Head branch is not up to date with the base branch.',
} as const;

/** Review threads still open, of submitted reviews only (a pending review's threads are its author's drafts). */
export async function unresolvedThreads(sql: Sql, issueId: number): Promise<boolean> {
  const [row] = await sql`
    SELECT 1 FROM pull_request_review_threads t
    WHERE t.issue_id = ${issueId} AND t.resolved_at IS NULL
      AND EXISTS (SELECT 1 FROM pull_request_review_comments c JOIN pull_request_reviews r ON r.id = c.review_id
                  WHERE c.thread_id = t.id AND r.state <> 'PENDING')
    LIMIT 1`;
  return row !== undefined;
}

/** Whether the head lacks the base branch's tip (strict required status checks). */
export async function headBehind(git: GitRepositories, repo: RepositoryRow, pull: ConditionsPull): Promise<boolean> {
  const tip = await git.resolveRef(repo.id, `refs/heads/${pull.baseRef}`);
  return tip !== null && !(await isAncestor(git, repo.id, tip, pull.headSha));
}

/** The first condition of `rule` the pull request does not meet, or null. `skipReviews`: a bypass allowance. */
export async function firstUnmet(
  deps: ConditionDeps,
  repo: RepositoryRow,
  pull: ConditionsPull,
  rule: ProtectionRow,
  skipReviews = false,
): Promise<Unmet | null> {
  const reviews = rule.required_pull_request_reviews;
  if (reviews && !skipReviews) {
    const verdict = await reviewVerdict(deps, repo, pull, reviews);
    if (verdict.refusal) return { kind: 'reviews', message: verdict.refusal };
  }
  const checks = rule.required_status_checks;
  if (checks && checks.checks.length > 0) {
    const message = checksMessage(await requiredCheckStates(deps.sql, repo.id, pull.headSha, checks));
    if (message) return { kind: 'checks', message };
  }
  if (rule.required_conversation_resolution && (await unresolvedThreads(deps.sql, pull.issueId)))
    return { kind: 'conversations', message: CONDITION_MESSAGES.conversations };
  if (checks?.strict && (await headBehind(deps.git, repo, pull)))
    return { kind: 'behind', message: CONDITION_MESSAGES.behind };
  return null;
}
