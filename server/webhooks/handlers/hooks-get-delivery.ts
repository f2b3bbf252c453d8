import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { findDelivery, findRepositoryDelivery } from '../deliveries-store.js';
import { deliveryView } from '../delivery-view.js';
import { accessHook, accessRepositoryHooks } from './hook-access.js';

/** GitHub's path: …/hooks/{hook_id}/deliveries/{delivery_id}. */
export const getHookDelivery: Handler<'hooks/get-delivery'> = async (ctx) => {
  const { hook } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  const delivery = await findDelivery(ctx.services.sql, hook.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  return { status: 200, body: deliveryView(delivery) };
};

/** The interface's path: …/hooks/deliveries/{delivery_id}, any hook of the repository. */
export const getRepositoryDelivery: Handler<'hooks/get-repository-delivery'> = async (ctx) => {
  const { repo } = await accessRepositoryHooks(ctx, ctx.params);
  ctx.checkScopes();
  const delivery = await findRepositoryDelivery(ctx.services.sql, repo.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  return { status: 200, body: deliveryView(delivery) };
};
