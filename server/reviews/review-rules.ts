// GitHub's rules for a verdict, checked before anything is written: the pull
// request's author may comment but not approve or request changes, and a
// verdict that says nothing needs a body (REQUEST_CHANGES always; COMMENT
// unless it carries inline comments). Refusals are GitHub's 422 with
// sentences in `errors`.
import { unprocessable } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import { commitOfPull } from './comments/review-commit.js';
import { canCommentWhenLocked } from '../access/issue-permissions.js';
import type { PullRow } from '../pulls/pull-rows.js';
import type { Permission } from '../access/permissions.js';
import type { ReviewState } from './review-rows.js';

export type ReviewVerdict = 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';

export const STATE_OF: Record<ReviewVerdict, ReviewState> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

/**
 * A locked conversation takes reviews only from users with push access, as
 * its comments (review comments answer 403 there; GitHub answers a review
 * refused for the lock with its 422 sentence "lock prevents review").
 */
export function checkUnlocked(pull: PullRow, permission: Permission | null): void {
  if (pull.issue.locked && !canCommentWhenLocked(permission)) throw unprocessable('lock prevents review');
}

export const onePendingOnly = () => unprocessable('User can only have one pending review per pull request');

export function checkVerdict(
  pull: PullRow,
  userId: number,
  verdict: ReviewVerdict,
  body: string,
  commentCount: number,
): void {
  if (pull.issue.user_id === userId) {
    if (verdict === 'APPROVE') throw unprocessable('Can not approve your own pull request');
    if (verdict === 'REQUEST_CHANGES') throw unprocessable('Can not request changes on your own pull request');
  }
  const blank = body.trim() === '';
  if (blank && (verdict === 'REQUEST_CHANGES' || (verdict === 'COMMENT' && commentCount === 0))) {
    throw unprocessable(`Body is required when using ${verdict} event`);
  }
}

/**
 * The commit a new review is written against: the head by default, else one
 * of the pull request's own commits (reachable from the head, not from the
 * base); 422 for anything else.
 */
export async function reviewCommit(
  git: GitRepositories,
  repositoryId: number,
  pull: PullRow,
  commitId: string | undefined,
): Promise<string> {
  if (commitId === undefined) return pull.pull.head_sha;
  const sha = await commitOfPull(git, repositoryId, pull.pull, commitId);
  if (sha === null) throw unprocessable(`No commit found for SHA: ${commitId}`);
  return sha;
}
