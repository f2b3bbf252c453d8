import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { loadCheckContext } from '../check-context.js';
import { findRun } from '../check-runs-store.js';
import { checkRunView } from '../check-views.js';

export const getCheckRun: Handler<'checks/get'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { sql, urls } = ctx.services;
  const run = await findRun(sql, repo.id, ctx.params.check_run_id);
  if (!run) throw notFound();
  return {
    status: 200,
    body: checkRunView(run, await loadCheckContext(sql, repo, urls, { appIds: [run.app_id], shas: [run.head_sha] })),
  };
};
