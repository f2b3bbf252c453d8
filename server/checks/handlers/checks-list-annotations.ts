import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { loadCheckContext } from '../check-context.js';
import { findRun, listAnnotations } from '../check-runs-store.js';
import { checkAnnotationView } from '../check-views.js';

export const listCheckRunAnnotations: Handler<'checks/list-annotations'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const run = await findRun(sql, repo.id, ctx.params.check_run_id);
  if (!run) throw notFound();
  const page = pageRequest(query);
  const rows = await listAnnotations(sql, run.id, page.perPage, page.offset);
  const context = await loadCheckContext(sql, repo, urls, { appIds: [], shas: [] });
  return {
    status: 200,
    body: rows.map((a) => checkAnnotationView(a, context, run.head_sha)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, run.annotations_count),
  };
};
