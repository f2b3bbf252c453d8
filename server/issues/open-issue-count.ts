// The repository's count of open issues, moved by one in the transaction of
// each open, close and reopen. The repository row is cached in every process,
// so the change publishes an invalidation with the transaction and the
// process that made it drops its copy once it commits (transactions/in-transaction.ts).
import { publish } from '../db/cache-invalidation.js';
import type { EventContext } from './issue-webhooks.js';

export async function moveOpenIssueCount(ctx: EventContext, by: 1 | -1): Promise<void> {
  await ctx.tx`UPDATE repositories SET open_issues_count = open_issues_count + ${by} WHERE id = ${ctx.repo.id}`;
  await publish(ctx.tx, `repo:${ctx.repo.id}`);
  ctx.repositoryRowChanged();
}
