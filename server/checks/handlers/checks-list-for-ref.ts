import type { Handler } from '../../http/operation-context.js';
import { loadCheckContext } from '../check-context.js';
import { listRuns } from '../check-runs-store.js';
import { checkRunView } from '../check-views.js';
import { refPageAnswer, refPageRequest } from './ref-page.js';

export const listCheckRunsForRef: Handler<'checks/list-for-ref'> = async (ctx) => {
  const { repo, query, sha, page } = await refPageRequest(ctx, ctx.params);
  const { sql, urls } = ctx.services;
  const { rows, total } = await listRuns(
    sql,
    repo.id,
    { sha },
    { checkName: query.check_name, status: query.status, filter: query.filter, appId: query.app_id },
    page.perPage,
    page.offset,
  );
  const context = await loadCheckContext(sql, repo, urls, { appIds: rows.map((r) => r.app_id), shas: [sha] });
  return refPageAnswer(ctx, page, total, { total_count: total, check_runs: rows.map((r) => checkRunView(r, context)) });
};
