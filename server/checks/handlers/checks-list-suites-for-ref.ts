import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../http/pagination.js';
import { accessRepository } from '../../repos/repository-access.js';
import { loadCheckContext } from '../check-context.js';
import { commitOfRef } from '../check-ref.js';
import { listSuitesForSha } from '../check-suites-store.js';
import { checkSuiteView } from '../check-views.js';

export const listCheckSuitesForRef: Handler<'checks/list-suites-for-ref'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  const sha = await commitOfRef(git, repo, ctx.params.ref);
  const page = pageRequest(query);
  const { rows, total } = await listSuitesForSha(sql, repo.id, sha, { appId: query.app_id, checkName: query.check_name }, page.perPage, page.offset);
  const context = await loadCheckContext(sql, repo, urls, { appIds: rows.map((s) => s.app_id), shas: [sha], git });
  return {
    status: 200,
    body: { total_count: total, check_suites: rows.map((s) => checkSuiteView(s, context)) },
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
