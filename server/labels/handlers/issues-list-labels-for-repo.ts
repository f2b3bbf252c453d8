import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { labelView } from '../label-view.js';
import { listLabels } from '../labels-store.js';

export const listLabelsForRepo: Handler<'issues/list-labels-for-repo'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await listLabels(sql, repo.id, page.perPage, page.offset);
  return {
    status: 200,
    body: rows.map((label) => labelView(label, repo, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
