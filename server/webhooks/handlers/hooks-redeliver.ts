import type { TransactionSql } from '../../db/database.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { findDelivery, findRepositoryDelivery, type DeliveryRow } from '../deliveries-store.js';
import { accessHook, accessRepositoryHooks } from './hook-access.js';
import { enqueue } from '../outbox.js';

// A redelivery is a new job with the same GUID and payload bytes; the
// dispatcher signs it with the hook's secret at send time, so a rotated secret
// is used. Its history entry says `redelivery: true`.
export function redeliver(tx: TransactionSql, delivery: DeliveryRow) {
  return enqueue(tx, [
    {
      hookId: delivery.hook_id,
      repositoryId: delivery.repository_id,
      installationId: delivery.installation_id,
      event: delivery.event,
      action: delivery.action,
      payload: null,
      payloadText: delivery.request_payload,
      guid: delivery.guid,
      redelivery: true,
    },
  ]);
}

/** GitHub's path: …/hooks/{hook_id}/deliveries/{delivery_id}/attempts. */
export const redeliverHookDelivery: Handler<'hooks/redeliver'> = async (ctx) => {
  const { hook } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  const { sql } = ctx.services;
  const delivery = await findDelivery(sql, hook.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  await sql.begin((tx) => redeliver(tx, delivery));
  return { status: 202, body: {} };
};

/** The interface's path: …/hooks/deliveries/{delivery_id}/attempts. */
export const redeliverRepositoryDelivery: Handler<'hooks/redeliver-repository-delivery'> = async (ctx) => {
  const { repo } = await accessRepositoryHooks(ctx, ctx.params);
  ctx.checkScopes();
  const { sql } = ctx.services;
  const delivery = await findRepositoryDelivery(sql, repo.id, ctx.params.delivery_id);
  if (!delivery) throw notFound();
  await sql.begin((tx) => redeliver(tx, delivery));
  return { status: 202, body: {} };
};
