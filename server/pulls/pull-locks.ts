// The one lock order of every write to pull requests (issue #17): the issue
// rows (in id order when several), then their pull_requests rows, then the
// issue-list generation (migration 018: one row per repository that the
// triggers on issues and pull_requests update, so every such write takes it),
// then the repository's row (open_issues_count, pushed_at). A transaction
// that holds the generation then never waits for an issue or a pull request,
// so no two writers wait for each other in a cycle: a PATCH, a push's sync
// and the mergeability job queue behind the first issue lock they share.
//
// FOR NO KEY UPDATE is the lock an UPDATE of these rows takes anyway; unlike
// FOR UPDATE it lets rows that only reference the issue (comments, timeline
// events, reactions: their foreign keys' KEY SHARE) be written meanwhile.
import type { TransactionSql } from '../db/database.js';
import { closableIssueIds } from '../issues/close-by-keywords.js';
import { lockPullRows } from '../issues/issue-locks.js';

/**
 * The first locks of a ref sync (server/webhooks/ref-sync.ts), before it
 * changes anything or takes the repository's row for `pushed_at`: the open
 * pull requests whose head or base is one of the branches among `refs` of
 * repository `repositoryId` (a push to a fork moves pull requests in their
 * base repositories), then the issue-list generation of each repository they
 * are in, which the sync's updates of them bump later.
 */
export async function lockPullsOfBranches(tx: TransactionSql, repositoryId: number, refs: string[]): Promise<void> {
  const branches = refs.filter((ref) => ref.startsWith('refs/heads/')).map((ref) => ref.slice('refs/heads/'.length));
  if (branches.length === 0) return;
  const pulls = await tx<{ id: string; repository_id: string; base_ref: string; body: string | null }[]>`
    SELECT i.id, i.repository_id, p.base_ref, i.body FROM issues i JOIN pull_requests p ON p.issue_id = i.id
    WHERE i.state = 'open' AND (
      (p.repository_id = ${repositoryId} AND p.base_ref = ANY(${branches}::text[]))
      OR (p.head_repository_id = ${repositoryId} AND p.head_ref = ANY(${branches}::text[])))
    ORDER BY i.id FOR NO KEY UPDATE OF i`;
  if (pulls.length === 0) return;
  await lockPullRows(
    tx,
    pulls.map((pull) => Number(pull.id)),
  );
  await lockClosableIssues(tx, repositoryId, pulls);
  const repositories = [...new Set(pulls.map((pull) => Number(pull.repository_id)))].sort((a, b) => a - b);
  for (const id of repositories) await tx`SELECT bump_issue_list_generation(${id})`;
}

/**
 * The open issues that pull requests into the default branch close by their
 * description's keywords when the push merges them (issues/close-by-keywords.ts),
 * locked here with the pull requests, before the generation: the sync closes
 * them later, after it holds the generation.
 */
async function lockClosableIssues(
  tx: TransactionSql,
  repositoryId: number,
  pulls: { repository_id: string; base_ref: string; body: string | null }[],
): Promise<void> {
  const [repo] = await tx<{ id: number; name: string; default_branch: string; owner_login: string }[]>`
    SELECT r.id, r.name, r.default_branch, a.login AS owner_login FROM repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE r.id = ${repositoryId}`;
  if (!repo) return;
  const descriptions = pulls
    .filter((pull) => Number(pull.repository_id) === repositoryId && pull.base_ref === repo.default_branch)
    .map((pull) => pull.body);
  await lockPullRows(tx, await closableIssueIds(tx, repo, descriptions));
}
