// The dispatcher's SQL: claiming due jobs under a lease, and recording an
// ended attempt (history entry, job state, the hook's last_response) in one
// transaction.
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

/**
 * Leases up to `limit` due jobs to `owner` for `leaseMs`. SKIP LOCKED lets
 * several dispatchers claim at once without waiting on each other; a job whose
 * lease ran out (its dispatcher died mid-attempt) is due again.
 */
export async function claimJobs(sql: Sql, owner: string, limit: number, leaseMs: number): Promise<JobRow[]> {
  return sql<JobRow[]>`
    UPDATE webhook_jobs j
    SET lease_owner = ${owner}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    FROM (
      SELECT id FROM webhook_jobs
      WHERE state = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE j.id = due.id
    RETURNING j.id, j.guid, j.hook_id, j.repository_id, j.installation_id, j.event, j.action, j.payload, j.redelivery, j.attempts`;
}

/** Milliseconds until the next job is due (0 when one is due now), or null when none is pending. */
export async function msUntilNextDue(sql: Sql): Promise<number | null> {
  const [row] = await sql<{ ms: number | null }[]>`
    SELECT floor(extract(epoch FROM (min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now())) * 1000)::float8 AS ms
    FROM webhook_jobs WHERE state = 'pending'`;
  if (!row || row.ms === null) return null;
  return Math.max(0, row.ms);
}

export async function hookById(sql: Sql, hookId: number): Promise<HookRow | null> {
  const [row] = await sql<HookRow[]>`SELECT * FROM hooks WHERE id = ${hookId}`;
  return row ?? null;
}

export interface AttemptRecord {
  job: JobRow;
  owner: string;
  url: string;
  deliveredAt: Date;
  durationS: number;
  status: string;
  statusCode: number;
  success: boolean;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  responsePayload: string | null;
  /** Delay before the next automatic attempt; null → no retry (done or given up). */
  retryInMs: number | null;
  /** The hook's all-failure period after which it is deactivated. */
  disableAfterMs: number;
}

export async function recordAttempt(sql: Sql, r: AttemptRecord): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      INSERT INTO webhook_deliveries (job_id, hook_id, guid, event, action, redelivery, url, repository_id, installation_id,
        delivered_at, duration, status, status_code, request_headers, request_payload, response_headers, response_payload)
      VALUES (${r.job.id}, ${r.job.hook_id}, ${r.job.guid}, ${r.job.event}, ${r.job.action},
        -- Automatic retries of a job are not redeliveries; a redelivery job's attempts are.
        ${r.job.redelivery}, ${r.url}, ${r.job.repository_id}, ${r.job.installation_id},
        ${r.deliveredAt}, ${r.durationS}, ${r.status}, ${r.statusCode},
        ${tx.json(r.requestHeaders)}, ${r.job.payload}, ${tx.json(r.responseHeaders)}, ${r.responsePayload})`;
    const state = r.success ? 'done' : r.retryInMs === null ? 'failed' : 'pending';
    await tx`
      UPDATE webhook_jobs SET attempts = attempts + 1, state = ${state},
        next_attempt_at = now() + ${r.retryInMs ?? 0} * interval '1 millisecond',
        lease_owner = NULL, lease_until = NULL
      WHERE id = ${r.job.id}`;
    if (r.success) {
      await tx`UPDATE hooks SET last_response_code = ${r.statusCode}, last_response_status = 'active',
        last_response_message = ${r.status}, failing_since = NULL WHERE id = ${r.job.hook_id}`;
      return;
    }
    // Failing since the first failure after the last success; past the
    // configured period every delivery has failed, and the hook is deactivated.
    await tx`
      UPDATE hooks SET
        last_response_code = ${r.statusCode === 0 ? null : r.statusCode},
        last_response_status = CASE WHEN active AND failing_since IS NOT NULL
            AND now() - failing_since >= ${r.disableAfterMs} * interval '1 millisecond' THEN 'disabled' ELSE 'misconfigured' END,
        last_response_message = CASE WHEN active AND failing_since IS NOT NULL
            AND now() - failing_since >= ${r.disableAfterMs} * interval '1 millisecond'
          THEN 'Deactivated: every delivery since ' || to_char(failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' failed (last: ' || ${r.status} || ')'
          ELSE ${r.status} END,
        active = active AND NOT (failing_since IS NOT NULL AND now() - failing_since >= ${r.disableAfterMs} * interval '1 millisecond'),
        failing_since = coalesce(failing_since, now())
      WHERE id = ${r.job.hook_id}`;
  });
}

/** A job that will not be attempted (its hook was deactivated after it was queued). */
export async function dropJob(sql: Sql, jobId: number): Promise<void> {
  await sql`UPDATE webhook_jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL WHERE id = ${jobId}`;
}
