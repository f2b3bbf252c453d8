// One page of a hook's delivery history, as both histories answer it (a
// repository hook's hooks/list-deliveries and an app's
// apps/list-webhook-deliveries): newest first, `per_page` (default 30, at most
// 100) and GitHub's `cursor`; the `Link` header's rel="next" carries the
// cursor and the same filters.
import { validationFailed } from '../errors/domain-error.js';
import type { Urls } from '../http/urls.js';
import { decodeCursor, encodeCursor, listDeliveries } from './deliveries-store.js';
import { deliveryItemView } from './delivery-view.js';
import type { Sql } from '../db/database.js';

export interface DeliveriesQuery {
  per_page?: number;
  cursor?: string;
  status?: 'success' | 'failure';
  event?: string;
  since?: string;
}

/**
 * `since` as a Date PostgreSQL accepts. RFC 3339 allows what Date.parse may
 * not (a leap second) and years PostgreSQL rejects (0000); no delivery is
 * older than 1970, so earlier instants mean "from the beginning".
 */
export function sinceDate(raw: string): Date {
  let time = Date.parse(raw);
  if (Number.isNaN(time)) time = Date.parse(raw.replace(/:60(?=(\.\d+)?(Z|[+-]\d\d:\d\d)$)/i, ':59'));
  if (Number.isNaN(time)) throw validationFailed([{ resource: 'Hook', field: 'since', code: 'invalid' }]);
  return new Date(Math.max(0, time));
}

/** The page of `hookId`'s deliveries (none for a null hook: an app without a webhook), after validating the query. */
export async function deliveriesPage(
  sql: Sql,
  urls: Urls,
  requestUrl: URL,
  hookId: number | null,
  query: DeliveriesQuery,
) {
  const perPage = Math.min(100, Math.max(1, query.per_page ?? 30));
  const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && beforeId === undefined) {
    throw validationFailed([{ resource: 'Hook', field: 'cursor', code: 'invalid' }]);
  }
  const since = query.since === undefined ? undefined : sinceDate(query.since);
  if (hookId === null) return { status: 200 as const, body: [] };
  const { rows, more } = await listDeliveries(
    sql,
    hookId,
    { status: query.status, event: query.event, since, beforeId },
    perPage,
  );
  const headers: Record<string, string> = {};
  if (more) {
    const next = urls.apiRequest(requestUrl);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('cursor', encodeCursor(rows[rows.length - 1]!.id));
    headers.Link = `<${next.toString()}>; rel="next"`;
  }
  return { status: 200 as const, body: rows.map(deliveryItemView), headers };
}
