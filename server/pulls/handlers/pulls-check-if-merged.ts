import { notFound } from '../../errors/domain-error.js';
import { routeRepository } from '../../http/repository-access.js';
import type { Handler } from '../../http/operation-context.js';
import { pullByNumber } from '../pull-rows.js';

// 204 when merged; 404 when not merged, or no such pull request (as GitHub).
export const checkIfMerged: Handler<'pulls/check-if-merged'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row?.pull.merged_at) throw notFound();
  return { status: 204, body: undefined };
};
