import { scopesReachPrivate } from '../../access/token-scopes.js';
import { ownPermissions } from '../../access/user-permission.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeader, pageRequest } from '../../paging/pagination.js';
import { repositoryView } from '../repository-view.js';

export const listRepositoriesForUser: Handler<'repos/list-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { query } = await ctx.input();
  const { repos, urls } = ctx.services;
  const page = pageRequest(query);
  const includePrivate = scopesReachPrivate(me.scopes);
  const visibility = query.visibility ?? 'all';
  const { rows, total } = await repos.listForUser(me.user.id, {
    visibility,
    sort: query.sort ?? 'full_name',
    direction: query.direction ?? (query.sort && query.sort !== 'full_name' ? 'desc' : 'asc'),
    limit: page.perPage,
    offset: page.offset,
    includePrivate,
  });
  const permissions = await ownPermissions(repos, rows, me.user);
  const body = rows.map((row, i) => repositoryView(row, permissions[i]!, urls));
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, total);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return { status: 200, body, headers };
};
