// Running an issue change in one transaction with what its events need.
import type { TransactionSql } from '../db/database.js';
import type { OperationContext } from '../http/operation-context.js';
import type { OperationId } from '../generated/routes.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import type { EventContext } from './issue-webhooks.js';

export async function inIssueTransaction<K extends OperationId, T>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  work: (events: EventContext) => Promise<T>,
): Promise<T> {
  const { sql, urls, repos } = ctx.services;
  let changed = false;
  const result = await (sql.begin(async (tx: TransactionSql) => {
    const events: EventContext = { tx, repo, principal: ctx.principal, urls };
    const done = await work(events);
    changed = events.repositoryChanged === true;
    return done;
  }) as Promise<T>);
  // The repository's row changed (its open issue count): this process drops its copy now, others on the notice.
  if (changed) repos.changedLocally(repo.id);
  return result;
}
