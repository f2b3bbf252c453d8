// The durable record of a ref change between git and the database (see
// migration 008): written before git's compare-and-swap, deleted with the
// mirror and events (ref-sync.ts). Until `due_at` the change may still be in
// flight in a live process, so only the reconciler's claims wait for it; the
// lease only has to outlast the compare-and-swap (one git run). Each try of
// a change whose events fail is counted here, with its reason, and backs off
// (migration 031).
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

/** Tries of a marked change before it is recorded as failed (ref-change-failures.ts). */
export const MAX_ATTEMPTS = 3;
/** The wait after a change's first failed try; it doubles with each further one. */
export const RETRY_BASE_MS = 2 * 60_000;

export interface ClaimedMarkers {
  repositoryId: number;
  ids: number[];
  attempts: number;
  lastError: string | null;
}

/**
 * Claims the due markers of one repository (skipping any another process
 * holds) for one try: the try is counted, and the markers' due time is put
 * off by the backoff, before the try starts, so a try that never ends (a
 * process killed midway) is counted too and other processes leave them
 * alone meanwhile. Null when none is due.
 */
export async function claimDueMarkers(sql: Sql): Promise<ClaimedMarkers | null> {
  const rows = await sql<{ id: number; repository_id: number; attempts: number; last_error: string | null }[]>`
    WITH first AS (
      SELECT repository_id FROM ref_change_markers WHERE due_at <= now()
      ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
    ), claimed AS (
      SELECT m.id FROM ref_change_markers m JOIN first USING (repository_id) WHERE m.due_at <= now()
      FOR UPDATE OF m SKIP LOCKED
    )
    UPDATE ref_change_markers m SET attempts = m.attempts + 1,
      due_at = now() + ${RETRY_BASE_MS} * interval '1 millisecond' * power(2, least(m.attempts, 10))
    FROM claimed WHERE m.id = claimed.id
    RETURNING m.id, m.repository_id, m.attempts, m.last_error`;
  if (rows.length === 0) return null;
  return {
    repositoryId: rows[0]!.repository_id,
    ids: rows.map((row) => row.id),
    attempts: Math.max(...rows.map((row) => row.attempts)),
    lastError: rows.find((row) => row.last_error)?.last_error ?? null,
  };
}

/**
 * Counts a failed try made outside the reconciler (the request's own, or
 * its quick retry) and keeps its reason; the next try waits for the backoff.
 */
export async function noteFailedTry(sql: Sql, ids: number[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE ref_change_markers SET attempts = attempts + 1, last_error = ${reason},
    due_at = greatest(due_at, now() + ${RETRY_BASE_MS} * interval '1 millisecond' * power(2, least(attempts, 10)))
    WHERE id = ANY(${ids})`;
}

/** Keeps the reason of a reconciler's failed try (claimDueMarkers counted it). */
export async function noteFailureReason(sql: Sql, ids: number[], reason: string): Promise<void> {
  if (ids.length) await sql`UPDATE ref_change_markers SET last_error = ${reason} WHERE id = ANY(${ids})`;
}
