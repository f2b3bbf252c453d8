// Queueing the mergeability job (merge/mergeability-worker.ts) in the transaction
// of the change that makes a pull request's `mergeable` stale. Until the job
// has run, `mergeable` is null and `mergeable_state` 'unknown', as GitHub.
// The NOTIFY goes out when the transaction commits and wakes the workers.
import type { TransactionSql } from '../db/database.js';
import { lockPullRows } from '../issues/issue-locks.js';

export const MERGEABILITY_CHANNEL = 'wharf_mergeability';

/** Queues (again) the jobs of the pull requests `issueIds`. */
export async function queueMergeability(tx: TransactionSql, issueIds: number[]): Promise<void> {
  if (issueIds.length === 0) return;
  await tx`UPDATE pull_requests SET mergeable = NULL, mergeable_state = 'unknown' WHERE issue_id = ANY(${issueIds}::bigint[])`;
  await tx`
    INSERT INTO pull_mergeability_jobs (issue_id) SELECT unnest(${issueIds}::bigint[])
    ON CONFLICT (issue_id) DO UPDATE SET generation = pull_mergeability_jobs.generation + 1, queued_at = now(), lease_until = NULL`;
  await tx`SELECT pg_notify(${MERGEABILITY_CHANNEL}, '')`;
}

/**
 * Queues the open pull requests a moved branch is the head or the base of:
 * `repositoryId`'s branch `branch`.
 */
export async function queueMergeabilityForBranch(
  tx: TransactionSql,
  repositoryId: number,
  branch: string,
): Promise<void> {
  const rows = await tx<{ issue_id: number }[]>`
    SELECT p.issue_id FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE i.state = 'open' AND (
      (p.repository_id = ${repositoryId} AND p.base_ref = ${branch})
      OR (p.head_repository_id = ${repositoryId} AND p.head_ref = ${branch}))`;
  const issueIds = rows.map((row) => Number(row.issue_id));
  // Locked already by a ref sync (lockPullsOfBranches); a no-op then, the lock order otherwise.
  await lockPullRows(tx, issueIds);
  await queueMergeability(tx, issueIds);
}
