import type { Handler } from '../../../http/operation-context.js';
import { deliveriesPage } from '../../../webhooks/deliveries-page.js';
import { authenticatedApp } from '../../handlers/authenticated-app.js';
import { findAppHook } from '../app-hooks-store.js';

// As a repository hook's history (hooks/list-deliveries): newest first, by
// cursor, with the same filters. An app without a webhook has none.
export const listAppWebhookDeliveries: Handler<'apps/list-webhook-deliveries'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  const { query } = await ctx.input();
  const hook = await findAppHook(ctx.services.sql, app.id);
  return deliveriesPage(ctx.services.sql, ctx.services.urls, ctx.event.url, hook?.id ?? null, query);
};
