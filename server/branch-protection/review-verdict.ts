// What the reviews of a pull request say under a rule's required reviews, as
// GitHub counts them: each reviewer's latest verdict (an approval, a request
// for changes, or its dismissal; comments change nothing), from reviewers
// who hold push access (access/grant-holders-sql.ts). With
// dismiss_stale_reviews an approval of an older head no longer counts
// (GitHub dismisses it on the push; Wharf reads it as dismissed);
// require_last_push_approval wants an approval of the current head from
// someone other than the pull request's author (Wharf does not record who
// pushed a head, and takes the author for the last pusher); code owners
// come from codeowners/codeowner-approvals.ts.
import { holdsPushIn } from '../access/grant-holders-sql.js';
import { codeownersAwaited } from '../codeowners/codeowner-approvals.js';
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { ReviewsSetting } from './protections-store.js';

export type ReviewDecision = 'APPROVED' | 'CHANGES_REQUESTED' | 'REVIEW_REQUIRED';

export interface ReviewedPull {
  issueId: number;
  authorId: number | null;
  headSha: string;
  baseSha: string;
}

export interface ReviewVerdict {
  decision: ReviewDecision;
  /** GitHub's sentence refusing the merge, or null when the reviews allow it. */
  refusal: string | null;
}

export interface VerdictDeps {
  sql: Sql;
  git: GitRepositories;
  /** The pull request's changed paths (read only when CODEOWNERS has owners). */
  changedPaths: () => Promise<readonly string[]>;
}

interface LatestVerdict {
  user_id: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED';
  commit_id: string;
}

/** Each writer's latest verdict on the pull request (one row a reviewer). */
async function latestVerdicts(sql: Sql, repo: RepositoryRow, issueId: number): Promise<LatestVerdict[]> {
  return sql<LatestVerdict[]>`
    SELECT DISTINCT ON (r.user_id) r.user_id, r.state, r.commit_id
    FROM pull_request_reviews r JOIN accounts a ON a.id = r.user_id
    WHERE r.issue_id = ${issueId} AND r.state IN ('APPROVED', 'CHANGES_REQUESTED', 'DISMISSED')
      AND ${holdsPushIn(sql, sql`${repo.id}`, sql`${repo.owner_id}`)}
    ORDER BY r.user_id, r.submitted_at DESC, r.id DESC`;
}

const approvalsNeeded = (count: number) =>
  `At least ${count} approving review${count === 1 ? ' is' : 's are'} required by reviewers with write access.`;

export const REVIEW_MESSAGES = {
  changesRequested: 'Changes were requested by reviewers with write access.',
  lastPush: 'The most recent push must be approved by someone other than the last pusher.',
  codeOwners: (logins: readonly string[]) => `Waiting on code owner review from ${orList(logins)}.`,
} as const;

function orList(logins: readonly string[]): string {
  const names = logins.slice(0, 5);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and/or ${names.at(-1)}`;
}

export async function reviewVerdict(
  deps: VerdictDeps,
  repo: RepositoryRow,
  pull: ReviewedPull,
  setting: ReviewsSetting,
): Promise<ReviewVerdict> {
  const verdicts = await latestVerdicts(deps.sql, repo, pull.issueId);
  const counted = verdicts.filter(
    (v) => v.state === 'APPROVED' && (!setting.dismiss_stale_reviews || v.commit_id === pull.headSha),
  );
  const approvers = new Set(counted.map((v) => Number(v.user_id)));
  if (verdicts.some((v) => v.state === 'CHANGES_REQUESTED'))
    return { decision: 'CHANGES_REQUESTED', refusal: REVIEW_MESSAGES.changesRequested };
  const required = (refusal: string): ReviewVerdict => ({ decision: 'REVIEW_REQUIRED', refusal });
  if (approvers.size < setting.required_approving_review_count)
    return required(approvalsNeeded(setting.required_approving_review_count));
  if (
    setting.require_last_push_approval &&
    !counted.some((v) => v.commit_id === pull.headSha && Number(v.user_id) !== pull.authorId)
  )
    return required(REVIEW_MESSAGES.lastPush);
  if (setting.require_code_owner_reviews) {
    const awaited = await codeownersAwaited(deps.sql, deps.git, repo, pull.baseSha, deps.changedPaths, approvers);
    if (awaited.length > 0) return required(REVIEW_MESSAGES.codeOwners(awaited[0]!));
  }
  return { decision: 'APPROVED', refusal: null };
}
