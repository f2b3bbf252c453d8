// The in-process worker of the mergeability queue (mergeability-queue.ts),
// on the shared queue loop (db/queue-worker.ts): woken by the queue's NOTIFY
// after each commit, sweeping every SWEEP_MS for rows left behind. Rows are
// leased with SKIP LOCKED, so several processes share the queue; a job that
// fails is tried again when its lease runs out.
import { startQueueWorker, type QueueWorker } from '../../db/queue-worker.js';
import type { Logger } from '../../log.js';
import { MERGEABILITY_CHANNEL } from '../mergeability-queue.js';
import { RETRY_MS, runMergeabilityJob, type MergeabilityDeps } from './mergeability.js';

const SWEEP_MS = 30_000;
const LEASE_MS = 60_000;
const BATCH = 10;

export type MergeabilityWorker = QueueWorker;

async function claim(deps: MergeabilityDeps): Promise<number[]> {
  const rows = await deps.sql<{ issue_id: string }[]>`
    UPDATE pull_mergeability_jobs j SET lease_until = now() + ${LEASE_MS} * interval '1 millisecond'
    FROM (SELECT issue_id FROM pull_mergeability_jobs WHERE lease_until IS NULL OR lease_until < now()
          ORDER BY queued_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) due
    WHERE j.issue_id = due.issue_id RETURNING j.issue_id`;
  return rows.map((row) => Number(row.issue_id));
}

export function startMergeabilityWorker(deps: MergeabilityDeps & { log: Logger }): Promise<MergeabilityWorker> {
  let retrySoon = false;
  return startQueueWorker({
    sql: deps.sql,
    log: deps.log,
    name: 'mergeability worker',
    channel: MERGEABILITY_CHANNEL,
    sweepMs: SWEEP_MS,
    async round(running) {
      const jobs = await claim(deps);
      for (const issueId of jobs) {
        if (!running()) break;
        const ran = await runMergeabilityJob(deps, issueId).catch((error: unknown) =>
          deps.log.warn('mergeability job failed; retried after its lease', { issueId, error: String(error) }),
        );
        if (ran === 'busy') retrySoon = true;
      }
      if (jobs.length > 0) return { worked: true };
      // A job that gave way to a change (mergeability.ts) is due again in RETRY_MS: look then, not at the next sweep.
      if (!retrySoon) return { worked: false };
      retrySoon = false;
      return { worked: false, retryInMs: RETRY_MS };
    },
  });
}
