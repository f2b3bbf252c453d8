// A push to a branch that is the base of open pull requests: when the base
// took commits of a head (the base fast-forwarded onto part of the pull
// request, or the head's commits were pushed to it), the merge base moves,
// and the review threads move with it (reviews/comments/thread-remap.ts: LEFT lines follow
// the merge base; lines that changed outdate). The pull request's base sha
// moves now in that case, in the push's transaction, so the threads and the
// sha they were placed against never disagree (the mergeability job records
// the base of every other push, and of pull requests without threads, as before). The rows were locked by the ref
// sync (pull-locks.ts lockPullsOfBranches), issue before pull request.
import type { TransactionSql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { MovedBranch, ThreadFollowers } from './pull-synchronize.js';

export async function followMovedBase(
  tx: TransactionSql,
  git: GitRepositories,
  repo: RepositoryRow,
  change: MovedBranch,
  threads: ThreadFollowers,
): Promise<void> {
  if (!change.ref.startsWith('refs/heads/') || change.before === null || change.after === null) return;
  const branch = change.ref.slice('refs/heads/'.length);
  const pulls = await tx<{ issue_id: number; head_sha: string; base_sha: string }[]>`
    SELECT p.issue_id, p.head_sha, p.base_sha FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.repository_id = ${repo.id} AND p.base_ref = ${branch} AND i.state = 'open'
      -- No git for a pull request without a current thread (most of them): nothing to move.
      AND EXISTS (SELECT 1 FROM pull_request_review_threads t WHERE t.issue_id = p.issue_id AND NOT t.outdated)
    ORDER BY i.id FOR NO KEY UPDATE OF i, p`;
  for (const pull of pulls) {
    if (pull.base_sha === change.after) continue;
    // Against the base the pull request's threads were placed with (its stored base), not the push's `before`.
    const moved = await threads.baseMoved(
      tx,
      git.pathOf(repo.id),
      Number(pull.issue_id),
      pull.base_sha,
      change.after,
      pull.head_sha,
    );
    if (moved) await tx`UPDATE pull_requests SET base_sha = ${change.after} WHERE issue_id = ${pull.issue_id}`;
  }
}
