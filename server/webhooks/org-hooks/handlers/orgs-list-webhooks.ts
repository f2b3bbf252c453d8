import type { Handler } from '../../../http/operation-context.js';
import { linkHeader, pageRequest } from '../../../paging/pagination.js';
import { listHooks } from '../../hooks-store.js';
import { orgHookView } from '../org-hook-view.js';
import { accessOrganizationHooks } from './org-hook-access.js';

export const listOrganizationHooks: Handler<'orgs/list-webhooks'> = async (ctx) => {
  const org = await accessOrganizationHooks(ctx, ctx.params);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await listHooks(sql, { organizationId: org.id }, page.perPage, page.offset);
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, total);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return { status: 200, body: rows.map((hook) => orgHookView(hook, org.login, urls)), headers };
};
