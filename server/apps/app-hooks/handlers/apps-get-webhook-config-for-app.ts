import type { Handler } from '../../../http/operation-context.js';
import { authenticatedApp } from '../../handlers/authenticated-app.js';
import { webhookConfigView } from '../app-hook-view.js';
import { findAppHook } from '../app-hooks-store.js';

export const getWebhookConfigForApp: Handler<'apps/get-webhook-config-for-app'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  return { status: 200, body: webhookConfigView(await findAppHook(ctx.services.sql, app.id)) };
};
