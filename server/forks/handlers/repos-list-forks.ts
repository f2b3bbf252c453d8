import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../http/pagination.js';
import { accessRepository } from '../../repos/repository-access.js';
import { repositoryView } from '../../repos/repository-view.js';
import { forksOf } from '../forks-store.js';

// Only the forks the caller can read: a private repository's forks are
// private, and each has its own collaborators. The list is filtered before
// paging, so a page never comes back short of a hidden fork.
export const listForks: Handler<'repos/list-forks'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls, repos } = ctx.services;
  const page = pageRequest(query);
  const user = ctx.principal.kind === 'token' ? ctx.principal.user : null;
  const rows = await forksOf(sql, repo.id, query.sort ?? 'newest');
  const permissions = await Promise.all(rows.map((row) => repos.permissionOf(row, user)));
  const visible = rows.map((row, i) => ({ row, permission: permissions[i]! })).filter(({ permission }) => permission !== null);
  const body = visible.slice(page.offset, page.offset + page.perPage).map(({ row, permission }) => repositoryView(row, permission, urls));
  return { status: 200, body, headers: linkHeaders(urls.apiRequest(ctx.event.url), page, visible.length) };
};
