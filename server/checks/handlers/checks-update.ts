import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { checkRequestOf } from './check-request-of.js';
import { appGrant } from './check-access.js';
import { loadCheckContext } from '../check-context.js';
import { updateRunOfApp } from '../check-run-changes.js';
import { checkRunView } from '../check-views.js';

export const updateCheckRun: Handler<'checks/update'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const grant = appGrant(ctx, repo);
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const req = checkRequestOf(ctx, repo);
  const run = await updateRunOfApp(req, grant.appId, ctx.params.check_run_id, body);
  return {
    status: 200,
    body: checkRunView(run, await loadCheckContext(sql, repo, urls, { appIds: [run.app_id], shas: [run.head_sha] })),
  };
};
