// The in-process worker of the mergeability queue (mergeability-queue.ts):
// woken by the queue's NOTIFY after each commit, and sweeping every
// SWEEP_MS (and at start) for rows a crash or a missed notice left behind.
// Rows are leased with SKIP LOCKED, so several processes share the queue; a
// job that fails is tried again when its lease runs out.
import { Backoff } from '../../db/backoff.js';
import { unavailableReason } from '../../db/database-unavailable.js';
import type { Logger } from '../../log.js';
import { MERGEABILITY_CHANNEL } from '../mergeability-queue.js';
import { RETRY_MS, runMergeabilityJob, type MergeabilityDeps } from './mergeability.js';

const SWEEP_MS = 30_000;
const LEASE_MS = 60_000;
const BATCH = 10;

export interface MergeabilityWorker {
  stop(): Promise<void>;
}

async function claim(deps: MergeabilityDeps): Promise<number[]> {
  const rows = await deps.sql<{ issue_id: string }[]>`
    UPDATE pull_mergeability_jobs j SET lease_until = now() + ${LEASE_MS} * interval '1 millisecond'
    FROM (SELECT issue_id FROM pull_mergeability_jobs WHERE lease_until IS NULL OR lease_until < now()
          ORDER BY queued_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) due
    WHERE j.issue_id = due.issue_id RETURNING j.issue_id`;
  return rows.map((row) => Number(row.issue_id));
}

export async function startMergeabilityWorker(deps: MergeabilityDeps & { log: Logger }): Promise<MergeabilityWorker> {
  let running = true;
  let wake = () => {};
  const listener = await deps.sql.listen(
    MERGEABILITY_CHANNEL,
    () => wake(),
    () => wake(),
  );
  const backoff = new Backoff(250, 5_000);
  let retrySoon = false;
  const loop = async () => {
    while (running) {
      // Set up the wake-up before looking, so a NOTIFY that arrives meanwhile is not lost.
      const woken = new Promise<void>((resolve) => (wake = resolve));
      let waitMs = SWEEP_MS;
      try {
        const jobs = await claim(deps);
        for (const issueId of jobs) {
          if (!running) break;
          const ran = await runMergeabilityJob(deps, issueId).catch((error: unknown) =>
            deps.log.warn('mergeability job failed; retried after its lease', { issueId, error: String(error) }),
          );
          if (ran === 'busy') retrySoon = true;
        }
        backoff.reset();
        if (jobs.length > 0) continue;
        // A job that gave way to a change (mergeability.ts) is due again in RETRY_MS: look then, not at the next sweep.
        if (retrySoon) [waitMs, retrySoon] = [RETRY_MS, false];
      } catch (error) {
        if (!running) break;
        waitMs = backoff.next();
        deps.log.warn('mergeability worker could not read its queue; retrying', {
          retryInMs: waitMs,
          ...unavailableReason(error),
        });
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([woken, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    }
  };
  const done = loop();
  return {
    async stop() {
      running = false;
      wake();
      await done;
      await listener.unlisten().catch(() => {});
    },
  };
}
