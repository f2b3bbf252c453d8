// Reading the delivery history: newest first, by cursor (GitHub's `v1_<id>`
// form, an opaque string to clients), with GitHub's `status` filter and our
// `event` and `since` filters.
import type { Sql } from '../db/database.js';

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

/** One page plus whether more follow (one extra row is read to know). */
export async function listDeliveries(sql: Sql, hookId: number, filter: DeliveryFilter, limit: number): Promise<{ rows: DeliveryRow[]; more: boolean }> {
  const rows = await sql<DeliveryRow[]>`
    SELECT * FROM webhook_deliveries
    WHERE hook_id = ${hookId}
      ${filter.beforeId !== undefined ? sql`AND id < ${filter.beforeId}` : sql``}
      ${filter.status === 'success' ? sql`AND status_code BETWEEN 200 AND 299` : sql``}
      ${filter.status === 'failure' ? sql`AND NOT (status_code BETWEEN 200 AND 299)` : sql``}
      ${filter.event !== undefined ? sql`AND event = ${filter.event}` : sql``}
      ${filter.since !== undefined ? sql`AND delivered_at >= ${filter.since}` : sql``}
    ORDER BY id DESC
    LIMIT ${limit + 1}`;
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export async function findDelivery(sql: Sql, hookId: number, deliveryId: number): Promise<DeliveryRow | null> {
  const [row] = await sql<DeliveryRow[]>`SELECT * FROM webhook_deliveries WHERE id = ${deliveryId} AND hook_id = ${hookId}`;
  return row ?? null;
}

/** A delivery of any hook of the repository (the spec's path has no hook id). */
export async function findRepositoryDelivery(sql: Sql, repositoryId: number, deliveryId: number): Promise<DeliveryRow | null> {
  const [row] = await sql<DeliveryRow[]>`
    SELECT d.* FROM webhook_deliveries d JOIN hooks h ON h.id = d.hook_id
    WHERE d.id = ${deliveryId} AND h.repository_id = ${repositoryId}`;
  return row ?? null;
}
