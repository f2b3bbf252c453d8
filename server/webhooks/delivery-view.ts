// GitHub's hook-delivery-item (history list) and hook-delivery (one entry,
// with the request sent and the response received) bodies.
import { isoSeconds, isoSecondsOrNull } from '../views/timestamps.js';
import type { DeliveryItemRow, DeliveryRow } from './deliveries-store.js';

export function deliveryItemView(row: DeliveryItemRow) {
  return {
    id: row.id,
    guid: row.guid,
    delivered_at: isoSeconds(row.delivered_at),
    redelivery: row.redelivery,
    duration: row.duration,
    status: row.status,
    status_code: row.status_code,
    event: row.event,
    action: row.action,
    installation_id: row.installation_id,
    repository_id: row.repository_id,
    throttled_at: isoSecondsOrNull(row.throttled_at),
    url: row.url,
  };
}

function parsedPayload(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function deliveryView(row: DeliveryRow) {
  return {
    ...deliveryItemView(row),
    // The JSON object that was sent (for `form` hooks too: the `payload=` value).
    request: { headers: row.request_headers, payload: parsedPayload(row.request_payload) },
    response: { headers: row.response_headers, payload: row.response_payload },
  };
}
