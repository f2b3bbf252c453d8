// The shared part of re-requesting a check run or a check suite: write
// access, 404 for an id the repository does not have, then the change and its
// event (to the check's app only) in one transaction (inCheckTransaction),
// with the caller as the sender; GitHub answers 201 with an empty object.
import type { Sql } from '../../db/database.js';
import { notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { accessRepository } from '../../http/repository-access.js';
import { checkRequestOf } from './check-request-of.js';
import type { CheckEventScope } from '../check-events.js';
import { inCheckTransaction } from '../check-request.js';

type Rerequest = 'checks/rerequest-run' | 'checks/rerequest-suite';

export async function rerequest<K extends Rerequest, Row>(
  ctx: OperationContext<K>,
  /** The handler's ctx.params (a generic context's are not typed). */
  params: { owner: string; repo: string },
  find: (sql: Sql, repo: RepositoryRow) => Promise<Row | null>,
  change: (scope: CheckEventScope, found: Row) => Promise<void>,
): Promise<{ status: 201; body: Record<string, never> }> {
  const { repo } = await accessRepository(ctx, params.owner, params.repo, 'write');
  const { sql } = ctx.services;
  const found = await find(sql, repo);
  if (!found) throw notFound();
  await inCheckTransaction(checkRequestOf(ctx, repo), (scope) => change(scope, found));
  return { status: 201, body: {} };
}
