// Resolving a review thread (GraphQL's resolveReviewThread and
// unresolveReviewThread; REST has no such operation), and the ids of a
// thread's comments its webhook lists.
import type { TransactionSql } from '../../db/database.js';

/**
 * Sets the thread resolved by `userId`, or unresolved for null, when it is not
 * so already; false when nothing changed. Only a change of state is written:
 * the condition keeps who resolved it first when two resolve at once.
 */
export async function setThreadResolved(tx: TransactionSql, threadId: number, userId: number | null): Promise<boolean> {
  const changed = await (userId !== null
    ? tx`UPDATE pull_request_review_threads SET resolved_by_id = ${userId}, resolved_at = now() WHERE id = ${threadId} AND resolved_at IS NULL`
    : tx`UPDATE pull_request_review_threads SET resolved_by_id = NULL, resolved_at = NULL WHERE id = ${threadId} AND resolved_at IS NOT NULL`);
  return changed.count > 0;
}

/** The ids of the thread's comments, oldest first (every one: callers filter what a viewer sees). */
export async function commentIdsOfThread(tx: TransactionSql, threadId: number): Promise<number[]> {
  const rows = await tx<
    { id: number }[]
  >`SELECT id FROM pull_request_review_comments WHERE thread_id = ${threadId} ORDER BY id`;
  return rows.map((row) => Number(row.id));
}
