import { validationFailed } from '../../../http/api-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { decodeCursor, encodeCursor, listDeliveries } from '../../../webhooks/deliveries-store.js';
import { deliveryItemView } from '../../../webhooks/delivery-view.js';
import { sinceDate } from '../../../webhooks/handlers/hooks-list-deliveries.js';
import { authenticatedApp } from '../../handlers/authenticated-app.js';
import { findAppHook } from '../app-hooks-store.js';

// As a repository hook's history (hooks/list-deliveries): newest first, by
// cursor, with the same filters. An app without a webhook has none.
export const listAppWebhookDeliveries: Handler<'apps/list-webhook-deliveries'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  const { query } = await ctx.input();
  const perPage = Math.min(100, Math.max(1, query.per_page ?? 30));
  const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && beforeId === undefined) {
    throw validationFailed([{ resource: 'Hook', field: 'cursor', code: 'invalid' }]);
  }
  const since = query.since === undefined ? undefined : sinceDate(query.since);
  const hook = await findAppHook(ctx.services.sql, app.id);
  if (!hook) return { status: 200, body: [] };
  const { rows, more } = await listDeliveries(ctx.services.sql, hook.id, { status: query.status, event: query.event, since, beforeId }, perPage);
  const headers: Record<string, string> = {};
  if (more) {
    const next = ctx.services.urls.apiRequest(ctx.event.url);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('cursor', encodeCursor(rows[rows.length - 1]!.id));
    headers.Link = `<${next.toString()}>; rel="next"`;
  }
  return { status: 200, body: rows.map(deliveryItemView), headers };
};
