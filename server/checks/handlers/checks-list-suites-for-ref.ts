import type { Handler } from '../../http/operation-context.js';
import { loadCheckContext } from '../check-context.js';
import { listSuitesForSha } from '../check-suites-store.js';
import { checkSuiteView } from '../check-views.js';
import { refPageAnswer, refPageRequest } from './ref-page.js';

export const listCheckSuitesForRef: Handler<'checks/list-suites-for-ref'> = async (ctx) => {
  const { repo, query, sha, page } = await refPageRequest(ctx, ctx.params);
  const { sql, git, urls } = ctx.services;
  const { rows, total } = await listSuitesForSha(
    sql,
    repo.id,
    sha,
    { appId: query.app_id, checkName: query.check_name },
    page.perPage,
    page.offset,
  );
  const context = await loadCheckContext(sql, repo, urls, { appIds: rows.map((s) => s.app_id), shas: [sha], git });
  return refPageAnswer(ctx, page, total, {
    total_count: total,
    check_suites: rows.map((s) => checkSuiteView(s, context)),
  });
};
