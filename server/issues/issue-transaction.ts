// Running an issue change in one transaction with what its events need.
import type { TransactionSql } from '../db/database.js';
import type { OperationContext } from '../http/operation-context.js';
import type { OperationId } from '../generated/routes.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import type { EventContext } from './issue-webhooks.js';

export function inIssueTransaction<K extends OperationId, T>(ctx: OperationContext<K>, repo: RepositoryRow, work: (events: EventContext) => Promise<T>): Promise<T> {
  const { sql, urls } = ctx.services;
  return sql.begin((tx: TransactionSql) => work({ tx, repo, principal: ctx.principal, urls })) as Promise<T>;
}
