// The pull request an operation on review comments names (404), in the
// repository the caller may read.
import { routeRepository } from '../../../http/repository-access.js';
import { notFound } from '../../../errors/domain-error.js';
import type { OperationContext } from '../../../http/operation-context.js';
import type { OperationId } from '../../../generated/routes.js';
import { pullByNumber } from '../../../pulls/pull-rows.js';

type PullParams = { owner: string; repo: string; pull_number: number };

export async function reviewCommentPull<K extends OperationId>(ctx: OperationContext<K> & { params: PullParams }) {
  const access = await routeRepository(ctx);
  const row = await pullByNumber(ctx.services.sql, access.repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  return { ...access, row };
}
