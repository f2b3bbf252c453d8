import { ownPermission } from '../../access/user-permission.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { repositoryView } from '../../repos/repository-view.js';
import { forksOf } from '../forks-store.js';

// Only the forks the caller can read: a private repository's forks are
// private, read by its readers (they inherit them) and their own
// collaborators. forksOf filters in SQL before paging, so a page never comes
// back short of a hidden fork.
export const listForks: Handler<'repos/list-forks'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls, repos } = ctx.services;
  const page = pageRequest(query);
  const user = ctx.principal.kind === 'token' ? ctx.principal.user : null;
  const { rows, total } = await forksOf(sql, repo.id, query.sort ?? 'newest', user, {
    limit: page.perPage,
    offset: page.offset,
  });
  const permissions = await Promise.all(rows.map((row) => ownPermission(repos, row, user)));
  const body = rows.map((row, i) => repositoryView(row, permissions[i]!, urls));
  return { status: 200, body, headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total) };
};
