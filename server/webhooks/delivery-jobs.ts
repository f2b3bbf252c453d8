// The dispatcher's reads of the outbox: claiming due jobs under a lease (with
// the hook each is for, in the same statement), the time until the next job
// is due, and dropping jobs that will not be attempted. Recording ended
// attempts is attempt-records.ts.
import type { Sql } from '../db/database.js';
import type { HookRow } from './hooks-store.js';

export interface JobRow {
  id: number;
  guid: string;
  hook_id: number;
  repository_id: number | null;
  installation_id: number | null;
  event: string;
  action: string | null;
  payload: string;
  redelivery: boolean;
  attempts: number;
}

/** What an attempt needs of its hook, read as the job is claimed. */
export type ClaimedHook = Pick<HookRow, 'id' | 'url' | 'secret' | 'content_type' | 'insecure_ssl' | 'active'> & {
  /** Set for an app's webhook (migration 025): its deliveries target the app, not a repository. */
  app_id: number | null;
  /** Set for an organization's hook (migration 041): its deliveries target the organization. */
  organization_id: number | null;
};

export interface ClaimedJob extends JobRow {
  hook: ClaimedHook;
}

type ClaimRow = JobRow & {
  hook_url: string;
  hook_secret: string | null;
  hook_content_type: HookRow['content_type'];
  hook_insecure_ssl: HookRow['insecure_ssl'];
  hook_active: boolean;
  hook_app_id: number | null;
  hook_organization_id: number | null;
};

/**
 * Leases up to `limit` due jobs to `owner` for `leaseMs`, in one statement.
 * SKIP LOCKED lets several dispatchers claim at once without waiting on each
 * other; a job whose lease ran out (its dispatcher died mid-attempt) is due
 * again. A job's hook is read here too: one statement per batch, not one per
 * job (a deleted hook took its jobs with it, so every job has one).
 */
export async function claimJobs(sql: Sql, owner: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const rows = await sql<ClaimRow[]>`
    UPDATE webhook_jobs j
    SET lease_owner = ${owner}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    FROM (
      SELECT id FROM webhook_jobs
      WHERE state = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due, hooks h
    WHERE j.id = due.id AND h.id = j.hook_id
    RETURNING j.id, j.guid, j.hook_id, j.repository_id, j.installation_id, j.event, j.action, j.payload, j.redelivery, j.attempts,
      h.url AS hook_url, h.secret AS hook_secret, h.content_type AS hook_content_type, h.insecure_ssl AS hook_insecure_ssl, h.active AS hook_active, h.app_id AS hook_app_id,
      h.organization_id AS hook_organization_id`;
  return rows.map(
    ({
      hook_url,
      hook_secret,
      hook_content_type,
      hook_insecure_ssl,
      hook_active,
      hook_app_id,
      hook_organization_id,
      ...job
    }) => ({
      ...job,
      hook: {
        id: job.hook_id,
        url: hook_url,
        secret: hook_secret,
        content_type: hook_content_type,
        insecure_ssl: hook_insecure_ssl,
        active: hook_active,
        app_id: hook_app_id,
        organization_id: hook_organization_id,
      },
    }),
  );
}

/** Milliseconds until the next job is due (0 when one is due now), or null when none is pending. */
export async function msUntilNextDue(sql: Sql): Promise<number | null> {
  const [row] = await sql<{ ms: number | null }[]>`
    SELECT floor(extract(epoch FROM (min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now())) * 1000)::float8 AS ms
    FROM webhook_jobs WHERE state = 'pending'`;
  if (!row || row.ms === null) return null;
  return Math.max(0, row.ms);
}

/** Jobs that will not be attempted (their hook was deactivated after they were queued), in one statement. */
export async function dropJobs(sql: Sql, jobIds: number[]): Promise<void> {
  if (jobIds.length === 0) return;
  await sql`UPDATE webhook_jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL WHERE id = ANY(${jobIds})`;
}
