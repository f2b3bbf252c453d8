// A redelivery is a new job with the same GUID and payload bytes, written in
// its own transaction; the dispatcher signs it with the hook's secret at send
// time, so a rotated secret is used. Its history entry says
// `redelivery: true`. Repository hooks and app hooks redeliver alike.
import type { Sql } from '../db/database.js';
import type { DeliveryRow } from './deliveries-store.js';
import { enqueue } from './outbox.js';

export async function redeliver(sql: Sql, delivery: DeliveryRow): Promise<void> {
  await sql.begin((tx) =>
    enqueue(tx, [
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
    ]),
  );
}
