import type { Handler } from '../../http/operation-context.js';
import { linkHeader, pageRequest } from '../../paging/pagination.js';
import { accessRepositoryHooks } from './hook-access.js';
import { hookView } from '../hook-view.js';
import { listHooks } from '../hooks-store.js';

export const listRepositoryHooks: Handler<'hooks/list'> = async (ctx) => {
  const { repo, fullName } = await accessRepositoryHooks(ctx, ctx.params);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await listHooks(sql, { repositoryId: repo.id }, page.perPage, page.offset);
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, total);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return { status: 200, body: rows.map((hook) => hookView(hook, fullName, urls)), headers };
};
