// Recording ended attempts, many at once: one transaction per batch with a
// fixed number of statements whatever its size (lock the hooks, one
// multi-row INSERT of history entries, one UPDATE of the jobs, one UPDATE of
// the hooks' last_response), pipelined in one round trip. Every attempt of a
// batch gets its own history entry with its own outcome.
import type { Sql } from '../db/database.js';
import type { JobRow } from './delivery-jobs.js';

export interface AttemptRecord {
  job: JobRow;
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
}

/**
 * A hook's net change from its attempts in one batch, in the order they
 * ended, equal to applying them one by one: a success clears the failure
 * clock; the first failure after one restarts it (at now(), the same for the
 * whole transaction); only a failure that comes first in the batch can find
 * the clock older than the disable period, since any later one finds it
 * cleared or just started.
 */
interface HookOutcome {
  id: number;
  first_fails: boolean;
  any_ok: boolean;
  last_ok: boolean;
  code: number;
  status: string;
}

function hookOutcomes(records: AttemptRecord[]): HookOutcome[] {
  const byHook = new Map<number, HookOutcome>();
  for (const r of records) {
    const seen = byHook.get(r.job.hook_id);
    byHook.set(r.job.hook_id, {
      id: r.job.hook_id,
      first_fails: seen ? seen.first_fails : !r.success,
      any_ok: (seen?.any_ok ?? false) || r.success,
      last_ok: r.success,
      code: r.statusCode,
      status: r.status,
    });
  }
  return [...byHook.values()].sort((a, b) => a.id - b.id);
}

const jobState = (r: AttemptRecord) => (r.success ? 'done' : r.retryInMs === null ? 'failed' : 'pending');

/** Records `records` (attempts ended in this order) in one transaction; `disableAfterMs`: WHARF_WEBHOOK_DISABLE_AFTER. */
export async function recordAttempts(sql: Sql, records: AttemptRecord[], disableAfterMs: number): Promise<void> {
  if (records.length === 0) return;
  const history = JSON.stringify(
    records.map((r, seq) => ({
      seq,
      job_id: r.job.id,
      hook_id: r.job.hook_id,
      guid: r.job.guid,
      event: r.job.event,
      action: r.job.action,
      // Automatic retries of a job are not redeliveries; a redelivery job's attempts are.
      redelivery: r.job.redelivery,
      url: r.url,
      repository_id: r.job.repository_id,
      installation_id: r.job.installation_id,
      delivered_at: r.deliveredAt.toISOString(),
      duration: r.durationS,
      status: r.status,
      status_code: r.statusCode,
      request_headers: r.requestHeaders,
      response_headers: r.responseHeaders,
      response_payload: r.responsePayload,
    })),
  );
  const jobs = JSON.stringify(records.map((r) => ({ id: r.job.id, state: jobState(r), retry_ms: r.retryInMs ?? 0 })));
  const hooks = hookOutcomes(records);
  const hookIds = hooks.map((h) => h.id);
  // Whether this batch deactivates the hook (see HookOutcome).
  const disabling = sql`(v.first_fails AND h.active AND h.failing_since IS NOT NULL
    AND now() - h.failing_since >= ${disableAfterMs} * interval '1 millisecond')`;
  await sql.begin((tx) => [
    // In id order, so two dispatchers' batches touching the same hooks cannot
    // deadlock; it also keeps a hook from being deleted until the commit.
    tx`SELECT id FROM hooks WHERE id = ANY(${hookIds}) ORDER BY id FOR NO KEY UPDATE`,
    // The payload sent is the job's, read here rather than sent back; a job
    // deleted meanwhile (with its hook or repository) gets no entry.
    tx`INSERT INTO webhook_deliveries (job_id, hook_id, guid, event, action, redelivery, url, repository_id, installation_id,
        delivered_at, duration, status, status_code, request_headers, request_payload, response_headers, response_payload)
      SELECT v.job_id, v.hook_id, v.guid, v.event, v.action, v.redelivery, v.url, v.repository_id, v.installation_id,
        v.delivered_at, v.duration, v.status, v.status_code, v.request_headers, j.payload, v.response_headers, v.response_payload
      FROM json_to_recordset(${history}::text::json) AS v(seq int, job_id bigint, hook_id bigint, guid uuid, event text, action text,
        redelivery boolean, url text, repository_id bigint, installation_id bigint, delivered_at timestamptz, duration float8,
        status text, status_code int, request_headers jsonb, response_headers jsonb, response_payload text)
      JOIN webhook_jobs j ON j.id = v.job_id
      -- Entry ids in the order the attempts ended.
      ORDER BY v.seq`,
    tx`UPDATE webhook_jobs j SET attempts = j.attempts + 1, state = v.state,
        next_attempt_at = now() + v.retry_ms * interval '1 millisecond', lease_owner = NULL, lease_until = NULL
      FROM json_to_recordset(${jobs}::text::json) AS v(id bigint, state text, retry_ms float8)
      WHERE j.id = v.id`,
    // Failing since the first failure after the last success; past the
    // configured period every delivery has failed, and the hook is deactivated.
    tx`UPDATE hooks h SET
        last_response_code = CASE WHEN v.code = 0 THEN NULL ELSE v.code END,
        last_response_status = CASE WHEN v.last_ok THEN 'active' WHEN ${disabling} THEN 'disabled' ELSE 'misconfigured' END,
        last_response_message = CASE WHEN NOT v.last_ok AND ${disabling}
          THEN 'Deactivated: every delivery since ' || to_char(h.failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' failed (last: ' || v.status || ')'
          ELSE v.status END,
        active = h.active AND NOT ${disabling},
        failing_since = CASE WHEN v.last_ok THEN NULL WHEN v.any_ok THEN now() ELSE coalesce(h.failing_since, now()) END
      FROM json_to_recordset(${JSON.stringify(hooks)}::text::json) AS v(id bigint, first_fails boolean, any_ok boolean, last_ok boolean, code int, status text)
      WHERE h.id = v.id`,
  ]);
}
