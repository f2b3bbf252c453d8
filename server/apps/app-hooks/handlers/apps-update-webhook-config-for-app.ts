import { validationFailed } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { authenticatedApp } from '../../handlers/authenticated-app.js';
import { webhookConfigView } from '../app-hook-view.js';
import { changeAppHook, isHookUrl, type AppHookValues } from '../app-hooks-store.js';

// Only the fields given change (app-hooks-store.ts changeAppHook: a first configuration needs a URL).
export const updateWebhookConfigForApp: Handler<'apps/update-webhook-config-for-app'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  const { body } = await ctx.input();
  if (body.url !== undefined && !isHookUrl(body.url)) {
    throw validationFailed([
      { resource: 'Hook', field: 'url', code: 'invalid', message: 'url must be an http or https URL' },
    ]);
  }
  const changes: Partial<AppHookValues> = {};
  if (body.url !== undefined) changes.url = body.url;
  if (body.content_type !== undefined) changes.content_type = body.content_type;
  if (body.secret !== undefined) changes.secret = body.secret;
  if (body.insecure_ssl !== undefined) changes.insecure_ssl = String(body.insecure_ssl) === '1' ? '1' : '0';
  const hook = await changeAppHook(ctx.services.sql, app.id, changes);
  return { status: 200, body: webhookConfigView(hook) };
};
