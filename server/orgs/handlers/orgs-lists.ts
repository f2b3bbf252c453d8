// The lists of organizations: all of them (`GET /organizations`), the signed-in
// user's (`GET /user/orgs`), and a user's as the caller may see them.
import { seesAllOrganizationsOf } from '../../access/organization-standing.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { organizationsAfter, organizationsOfUser } from '../organization-lists.js';
import { organizationSimpleView } from '../organization-simple-view.js';

export const listOrganizations: Handler<'orgs/list'> = async (ctx) => {
  ctx.checkScopes();
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const perPage = Math.min(100, Math.max(1, query.per_page ?? 30));
  const rows = await organizationsAfter(sql, Math.max(0, query.since ?? 0), perPage + 1);
  const page = rows.slice(0, perPage);
  const headers: Record<string, string> = {};
  if (rows.length > perPage) {
    // GitHub pages this list by `since` only: the next page starts after the last id shown.
    const next = urls.apiRequest(ctx.event.url);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('since', String(page[page.length - 1]!.id));
    headers.Link = `<${next.toString()}>; rel="next"`;
  }
  return { status: 200, body: page.map((org) => organizationSimpleView(org, urls)), headers };
};

export const listOrganizationsForAuthenticatedUser: Handler<'orgs/list-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await organizationsOfUser(sql, me.user.id, true, {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((org) => organizationSimpleView(org, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};

export const listOrganizationsForUser: Handler<'orgs/list-for-user'> = async (ctx) => {
  const { accounts, sql, urls } = ctx.services;
  const user = await accounts.byLogin(ctx.params.username);
  if (!user) throw notFound();
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { rows, total } = await organizationsOfUser(sql, user.id, seesAllOrganizationsOf(ctx.principal, user.id), {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((org) => organizationSimpleView(org, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
