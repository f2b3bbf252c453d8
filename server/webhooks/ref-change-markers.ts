// The durable record of a ref change between git and the database (see
// migration 008): written before git's compare-and-swap, deleted with the
// mirror and events (ref-sync.ts). Until `due_at` the change may still be in
// flight in a live process, so only the reconciler's claims wait for it; the
// lease only has to outlast the compare-and-swap (one git run).
import type { Sql, TransactionSql } from '../db/database.js';

export const MARKER_LEASE_MS = 15_000;

/** Records that `repositoryId`'s refs are about to change; returns the marker's id. */
export async function markRefChange(sql: Sql, repositoryId: number, leaseMs = MARKER_LEASE_MS): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO ref_change_markers (repository_id, due_at)
    VALUES (${repositoryId}, now() + ${leaseMs} * interval '1 millisecond') RETURNING id`;
  return row!.id;
}

/** Forgets markers whose change did not happen (git refused the compare-and-swap). */
export async function dropMarkers(sql: Sql, ids: number[]): Promise<void> {
  if (ids.length) await sql`DELETE FROM ref_change_markers WHERE id = ANY(${ids})`;
}

/** Deletes markers in the transaction that brings the mirror in step (before its advisory lock: one lock order). */
export async function clearMarkers(tx: TransactionSql, ids: number[]): Promise<void> {
  if (ids.length) await tx`DELETE FROM ref_change_markers WHERE id = ANY(${ids})`;
}

/**
 * Locks the due markers of one repository (skipping any another process has
 * locked) for the rest of the transaction; null when none is due.
 */
export async function claimDueMarkers(tx: TransactionSql): Promise<{ repositoryId: number; ids: number[] } | null> {
  const [first] = await tx<{ repository_id: number }[]>`
    SELECT repository_id FROM ref_change_markers WHERE due_at <= now()
    ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`;
  if (!first) return null;
  const rows = await tx<{ id: number }[]>`
    SELECT id FROM ref_change_markers WHERE repository_id = ${first.repository_id} AND due_at <= now()
    FOR UPDATE SKIP LOCKED`;
  return { repositoryId: first.repository_id, ids: rows.map((row) => row.id) };
}

/** Puts markers whose repository could not be reconciled back for later. */
export async function postponeMarkers(sql: Sql, ids: number[], delayMs: number): Promise<void> {
  if (ids.length) await sql`UPDATE ref_change_markers SET due_at = now() + ${delayMs} * interval '1 millisecond' WHERE id = ANY(${ids})`;
}
