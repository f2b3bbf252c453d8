// An organization hook's history: the repository hooks' code
// (deliveries-page.ts, deliveries-store.ts, redeliveries.ts), so the pages,
// filters, cursor and retention are the same.
import { notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { deliveriesPage } from '../../deliveries-page.js';
import { findDelivery } from '../../deliveries-store.js';
import { deliveryView } from '../../delivery-view.js';
import { redeliver } from '../../redeliveries.js';
import { accessOrganizationHook } from './org-hook-access.js';

export const listOrganizationHookDeliveries: Handler<'orgs/list-webhook-deliveries'> = async (ctx) => {
  const { hook } = await accessOrganizationHook(ctx, ctx.params);
  const { query } = await ctx.input();
  return deliveriesPage(ctx.services.sql, ctx.services.urls, ctx.event.url, hook.id, query);
};

export const getOrganizationHookDelivery: Handler<'orgs/get-webhook-delivery'> = async (ctx) => {
  const { hook } = await accessOrganizationHook(ctx, ctx.params);
  await ctx.input();
  const delivery = await findDelivery(ctx.services.sql, hook.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  return { status: 200, body: deliveryView(delivery) };
};

export const redeliverOrganizationHookDelivery: Handler<'orgs/redeliver-webhook-delivery'> = async (ctx) => {
  const { hook } = await accessOrganizationHook(ctx, ctx.params);
  await ctx.input();
  const { sql } = ctx.services;
  const delivery = await findDelivery(sql, hook.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  await redeliver(sql, delivery);
  return { status: 202, body: {} };
};
