// The first lock of a write to an issue's conversation, in the one lock order
// of server/pulls/pull-locks.ts (issue, pull request, issue-list generation,
// repository). Any insert or update of a row an issue body or list shows
// (comments, labels, reviews, reactions…) bumps the repository's issue-list
// generation through its trigger (migration 018); a write that did that
// before locking its issue would wait for the issue while holding the
// generation, the reverse of an issue edit: a deadlock, which PostgreSQL
// ends by aborting one of them (a 500). So such writes lock the issue first.
import type { TransactionSql } from '../db/database.js';

/** Locks issues `issueIds` (in id order), then the pull_requests rows of those that are pull requests, for the rest of `tx`. */
export async function lockPullRows(tx: TransactionSql, issueIds: number[]): Promise<void> {
  if (issueIds.length === 0) return;
  await tx`SELECT id FROM issues WHERE id = ANY(${issueIds}::bigint[]) ORDER BY id FOR NO KEY UPDATE`;
  await tx`SELECT issue_id FROM pull_requests WHERE issue_id = ANY(${issueIds}::bigint[]) ORDER BY issue_id FOR NO KEY UPDATE`;
}

/** Locks issue `issueId` (and its pull request's row, if it is one) for the rest of `tx`. */
export function lockIssueFirst(tx: TransactionSql, issueId: number): Promise<void> {
  return lockPullRows(tx, [Number(issueId)]);
}

/**
 * Issue `number` of the repository, locked as changeIssue locks it (FOR
 * UPDATE): for writes that create rows (new labels) before changeIssue runs.
 * Nothing when there is no such issue (changeIssue answers the 404).
 */
export async function lockIssueNumberFirst(tx: TransactionSql, repositoryId: number, number: number): Promise<void> {
  if (!Number.isSafeInteger(number) || number < 1 || number > 2147483647) return;
  const [issue] = await tx<
    { id: number }[]
  >`SELECT id FROM issues WHERE repository_id = ${repositoryId} AND number = ${number} FOR UPDATE`;
  if (issue) await tx`SELECT issue_id FROM pull_requests WHERE issue_id = ${issue.id} FOR NO KEY UPDATE`;
}
