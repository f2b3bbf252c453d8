import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../http/pagination.js';
import { accessRepository } from '../../repos/repository-access.js';
import { loadCheckContext } from '../check-context.js';
import { commitOfRef } from '../check-ref.js';
import { listRuns } from '../check-runs-store.js';
import { checkRunView } from '../check-views.js';

export const listCheckRunsForRef: Handler<'checks/list-for-ref'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  const sha = await commitOfRef(git, repo, ctx.params.ref);
  const page = pageRequest(query);
  const { rows, total } = await listRuns(sql, repo.id, { sha }, { checkName: query.check_name, status: query.status, filter: query.filter, appId: query.app_id }, page.perPage, page.offset);
  const context = await loadCheckContext(sql, repo, urls, { appIds: rows.map((r) => r.app_id), shas: [sha] });
  return {
    status: 200,
    body: { total_count: total, check_runs: rows.map((r) => checkRunView(r, context)) },
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
