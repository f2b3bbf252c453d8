import { notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import type { Sql } from '../../../db/database.js';
import { findDelivery, type DeliveryRow } from '../../../webhooks/deliveries-store.js';
import { deliveryView } from '../../../webhooks/delivery-view.js';
import { authenticatedApp } from '../../handlers/authenticated-app.js';
import { findAppHook } from '../app-hooks-store.js';

/** A delivery of the app's own hook; any other (another app's, a repository hook's) is 404. */
export async function appDelivery(sql: Sql, appId: number, deliveryId: number): Promise<DeliveryRow> {
  const hook = await findAppHook(sql, appId);
  const delivery = hook ? await findDelivery(sql, hook.id, deliveryId) : null;
  if (!delivery) throw notFound();
  return delivery;
}

export const getAppWebhookDelivery: Handler<'apps/get-webhook-delivery'> = async (ctx) => {
  const app = authenticatedApp(ctx);
  await ctx.input();
  return { status: 200, body: deliveryView(await appDelivery(ctx.services.sql, app.id, ctx.params.delivery_id)) };
};
