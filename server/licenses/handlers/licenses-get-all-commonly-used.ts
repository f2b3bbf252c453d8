import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { allLicenses } from '../license-catalog.js';
import { licenseSimpleView } from './license-views.js';

export const licensesGetAllCommonlyUsed: Handler<'licenses/get-all-commonly-used'> = async (ctx) => {
  const { query } = await ctx.input();
  const { urls } = ctx.services;
  const licenses = allLicenses().filter(
    (license) => query.featured === undefined || license.featured === query.featured,
  );
  const page = pageRequest(query);
  return {
    status: 200,
    body: licenses.slice(page.offset, page.offset + page.perPage).map((license) => licenseSimpleView(urls, license)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, licenses.length),
  };
};
