// The repository's count of open issues, moved by one in the transaction of
// each open, close and reopen. The repository row is cached in every process,
// so the change publishes an invalidation with the transaction and the
// process that made it drops its copy once it commits (transactions/in-transaction.ts).
import { publish } from '../db/cache-invalidation.js';
import type { TransactionSql } from '../db/database.js';
import type { EventContext } from './issue-webhooks.js';

export async function moveOpenIssueCount(ctx: EventContext, by: 1 | -1): Promise<void> {
  await moveOpenIssueCountOf(ctx.tx, ctx.repo.id, by);
  ctx.repositoryRowChanged();
}

/** The count's statement and its notice to every process, for a caller without an EventContext (the push path). */
export async function moveOpenIssueCountOf(tx: TransactionSql, repositoryId: number, by: 1 | -1): Promise<void> {
  await tx`UPDATE repositories SET open_issues_count = open_issues_count + ${by} WHERE id = ${repositoryId}`;
  await publish(tx, `repo:${repositoryId}`);
}
