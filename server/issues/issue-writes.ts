// Writing the issues table: the statements every capability that changes an
// issue row goes through (a pull request is an issue too: pulls/ creates,
// edits, touches and closes its issue here), so the table's columns are
// written in one folder. Each runs in the caller's transaction.
import type { TransactionSql } from '../db/database.js';

export interface NewIssueRow {
  repositoryId: number;
  number: number;
  title: string;
  body: string | null | undefined;
  userId: number | null;
}

/** A new open issue's row; its id. */
export async function insertIssueRow(tx: TransactionSql, issue: NewIssueRow): Promise<number> {
  const [inserted] = await tx<{ id: number }[]>`
    INSERT INTO issues (repository_id, number, title, body, user_id)
    VALUES (${issue.repositoryId}, ${issue.number}, ${issue.title}, ${issue.body ?? null}, ${issue.userId}) RETURNING id`;
  return inserted!.id;
}

/** Sets the given columns (the caller names them from the table's: title, body, state, closed_at, …). */
export async function updateIssueRow(tx: TransactionSql, id: number, columns: Record<string, unknown>): Promise<void> {
  await tx`UPDATE issues SET ${tx(columns)} WHERE id = ${id}`;
}

/** `updated_at` is now: something the issue's body or timeline shows changed (a review, a request, a push). */
export async function touchIssue(tx: TransactionSql, id: number): Promise<void> {
  await tx`UPDATE issues SET updated_at = now() WHERE id = ${id}`;
}

/** touchIssue by the repository's issue number. */
export async function touchIssueNumbered(tx: TransactionSql, repositoryId: number, number: number): Promise<void> {
  await tx`UPDATE issues SET updated_at = now() WHERE repository_id = ${repositoryId} AND number = ${number}`;
}

/** Closed now by `closerId` (null: the closer's account is gone or unknown), with GitHub's `state_reason` if given. */
export async function closeIssueRow(
  tx: TransactionSql,
  id: number,
  closerId: number | null,
  stateReason: 'completed' | null = null,
): Promise<void> {
  await tx`UPDATE issues SET state = 'closed', closed_at = now(), updated_at = now(),
    state_reason = coalesce(${stateReason}, state_reason),
    closed_by_id = (SELECT id FROM accounts WHERE id = ${closerId}) WHERE id = ${id}`;
}
