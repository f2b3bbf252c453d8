import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { findDelivery, findRepositoryDelivery } from '../deliveries-store.js';
import { accessHook, accessRepositoryHooks } from './hook-access.js';
import { redeliver } from '../redeliveries.js';

/** GitHub's path: …/hooks/{hook_id}/deliveries/{delivery_id}/attempts. */
export const redeliverHookDelivery: Handler<'hooks/redeliver'> = async (ctx) => {
  const { hook } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  const { sql } = ctx.services;
  const delivery = await findDelivery(sql, hook.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  await redeliver(sql, delivery);
  return { status: 202, body: {} };
};

/** The interface's path: …/hooks/deliveries/{delivery_id}/attempts. */
export const redeliverRepositoryDelivery: Handler<'hooks/redeliver-repository-delivery'> = async (ctx) => {
  const { repo } = await accessRepositoryHooks(ctx, ctx.params);
  ctx.checkScopes();
  const { sql } = ctx.services;
  const delivery = await findRepositoryDelivery(sql, repo.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  await redeliver(sql, delivery);
  return { status: 202, body: {} };
};
