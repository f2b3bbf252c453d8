// A page of a gist listing as the REST answer: base-gist bodies and `Link`.
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { gistPage } from '../gist-read.js';
import { listGists, type GistListing } from '../gists-list-store.js';

export async function gistListAnswer<K extends OperationId>(
  ctx: OperationContext<K>,
  query: { page?: number; per_page?: number },
  listing: GistListing,
) {
  const page = pageRequest(query);
  const { rows, total } = await listGists(ctx.services.sql, listing, page.perPage, page.offset);
  return {
    status: 200 as const,
    body: await gistPage(ctx.services, rows),
    headers: linkHeaders(ctx.services.urls.apiRequest(ctx.event.url), page, total),
  };
}

export const sinceOf = (query: { since?: string }): Date | null => (query.since ? new Date(query.since) : null);
