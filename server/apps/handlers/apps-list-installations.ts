import type { Handler } from '../../http/operation-context.js';
import { linkHeader, pageRequest } from '../../paging/pagination.js';
import { installationView } from '../app-views.js';
import { listInstallations } from '../installation-lookup.js';
import { authenticatedApp } from './authenticated-app.js';

export const listAppInstallations: Handler<'apps/list-installations'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await listInstallations(sql, app.id, { limit: page.perPage, offset: page.offset });
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, total);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return { status: 200, body: rows.map((row) => installationView(row.installation, row.account, app, urls)), headers };
};
