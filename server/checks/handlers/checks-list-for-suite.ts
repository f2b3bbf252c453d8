import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { loadCheckContext } from '../check-context.js';
import { listRuns } from '../check-runs-store.js';
import { findSuite } from '../check-suites-store.js';
import { checkRunView } from '../check-views.js';

export const listCheckRunsForSuite: Handler<'checks/list-for-suite'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const suite = await findSuite(sql, repo.id, ctx.params.check_suite_id);
  if (!suite) throw notFound();
  const page = pageRequest(query);
  const { rows, total } = await listRuns(
    sql,
    repo.id,
    { suiteId: suite.id },
    { checkName: query.check_name, status: query.status, filter: query.filter },
    page.perPage,
    page.offset,
  );
  const context = await loadCheckContext(sql, repo, urls, { appIds: [suite.app_id], shas: [suite.head_sha] });
  return {
    status: 200,
    body: { total_count: total, check_runs: rows.map((r) => checkRunView(r, context)) },
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
