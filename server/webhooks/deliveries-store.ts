// Reading the delivery history: newest first, by cursor (GitHub's `v1_<id>`
// form, an opaque string to clients), with GitHub's `status` filter and our
// `event` and `since` filters.
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';

export interface DeliveryRow {
  id: number;
  hook_id: number;
  guid: string;
  event: string;
  action: string | null;
  redelivery: boolean;
  url: string;
  repository_id: number | null;
  installation_id: number | null;
  delivered_at: Date;
  duration: number;
  status: string;
  status_code: number;
  throttled_at: Date | null;
  request_headers: Record<string, string>;
  request_payload: string;
  response_headers: Record<string, string>;
  response_payload: string | null;
}

export interface DeliveryFilter {
  status?: 'success' | 'failure';
  event?: string;
  since?: Date;
  /** Only entries with an id below this (the cursor). */
  beforeId?: number;
}

const CURSOR = /^v1_([1-9][0-9]{0,15})$/;

export function encodeCursor(id: number): string {
  return `v1_${id}`;
}

/**
 * The id a cursor stands for, or undefined when it is not one of ours. The
 * contract allows 16 digits, more than a double holds exactly: a cursor past
 * 2^53 - 1 lies above every id there will ever be, so it reads as that.
 */
export function decodeCursor(cursor: string): number | undefined {
  const match = CURSOR.exec(cursor);
  return match ? Math.min(Number(match[1]), Number.MAX_SAFE_INTEGER) : undefined;
}

/** What the list shows of an entry (not the request and response it keeps). */
export type DeliveryItemRow = Pick<
  DeliveryRow,
  | 'id'
  | 'guid'
  | 'delivered_at'
  | 'redelivery'
  | 'duration'
  | 'status'
  | 'status_code'
  | 'event'
  | 'action'
  | 'installation_id'
  | 'repository_id'
  | 'throttled_at'
  | 'url'
>;

/**
 * One page plus whether more follow (one extra row is read to know). The
 * page's ids come first, from the (hook_id, id DESC) index alone (it carries
 * the filter columns; failures have their own); then only those rows are read.
 * PostgreSQL assumes a hook's entries are spread evenly through the table, so
 * for `WHERE hook_id = $1 ORDER BY id DESC` it may walk the primary key
 * backwards past every newer entry of other hooks. Written as `= ANY` and
 * ordered by (hook_id, id DESC), only that index gives the order without
 * sorting the hook's whole history, so the page costs a page at any depth
 * (bench/deliveries-list.ts, migrations/010_webhook_delivery_list.sql).
 */
export async function listDeliveries(
  sql: Sql,
  hookId: number,
  filter: DeliveryFilter,
  limit: number,
): Promise<{ rows: DeliveryItemRow[]; more: boolean }> {
  // No event name holds a NUL, which PostgreSQL text cannot carry: nothing matches.
  if (filter.event !== undefined && !canMatchText(filter.event)) return { rows: [], more: false };
  const rows = await sql<DeliveryItemRow[]>`
    SELECT id, guid, delivered_at, redelivery, duration, status, status_code, event, action, installation_id, repository_id, throttled_at, url
    FROM webhook_deliveries
    WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE hook_id = ANY(${`{${hookId}}`}::bigint[])
        ${filter.beforeId !== undefined ? sql`AND id < ${filter.beforeId}` : sql``}
        ${filter.status === 'success' ? sql`AND status_code BETWEEN 200 AND 299` : sql``}
        ${filter.status === 'failure' ? sql`AND NOT (status_code BETWEEN 200 AND 299)` : sql``}
        ${filter.event !== undefined ? sql`AND event = ${filter.event}` : sql``}
        ${filter.since !== undefined ? sql`AND delivered_at >= ${filter.since}` : sql``}
      ORDER BY hook_id, id DESC
      LIMIT ${limit + 1})
    ORDER BY id DESC`;
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export async function findDelivery(sql: Sql, hookId: number, deliveryId: number): Promise<DeliveryRow | null> {
  const [row] = await sql<
    DeliveryRow[]
  >`SELECT * FROM webhook_deliveries WHERE id = ${deliveryId} AND hook_id = ${hookId}`;
  return row ?? null;
}

/** A delivery of any hook of the repository (the spec's path has no hook id). */
export async function findRepositoryDelivery(
  sql: Sql,
  repositoryId: number,
  deliveryId: number,
): Promise<DeliveryRow | null> {
  const [row] = await sql<DeliveryRow[]>`
    SELECT d.* FROM webhook_deliveries d JOIN hooks h ON h.id = d.hook_id
    WHERE d.id = ${deliveryId} AND h.repository_id = ${repositoryId}`;
  return row ?? null;
}
