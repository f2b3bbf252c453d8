import type { Handler } from '../../../http/operation-context.js';
import { redeliver } from '../../../webhooks/redeliveries.js';
import { authenticatedApp } from '../../handlers/authenticated-app.js';
import { appDelivery } from './apps-get-webhook-delivery.js';

// The same GUID and payload bytes, signed at send time with the hook's current secret.
export const redeliverAppWebhookDelivery: Handler<'apps/redeliver-webhook-delivery'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  const { sql } = ctx.services;
  const delivery = await appDelivery(sql, app.id, ctx.params.delivery_id);
  await redeliver(sql, delivery);
  return { status: 202, body: {} };
};
