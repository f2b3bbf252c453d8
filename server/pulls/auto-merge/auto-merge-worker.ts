// The in-process worker that merges due auto-merge requests (migration 045
// marks them due in the transaction of a review, a status, a check run, a
// new head or a protection change, and wakes it at commit), on the shared
// queue loop (db/queue-worker.ts). Each request is leased with SKIP LOCKED,
// so one process tries it at a time; the merge path's own compare-and-swap
// lets one merge through whatever else merges meanwhile. Every try is logged.
import { startQueueWorker, type QueueWorker } from '../../db/queue-worker.js';
import type { Services } from '../../services.js';
import { attemptAutoMerge } from './auto-merge-attempt.js';
import { AUTO_MERGE_CHANNEL, claimDueAutoMerges, releaseAutoMerge } from './auto-merge-store.js';

const SWEEP_MS = 30_000;
/** Longer than any merge takes: a lease that runs out means the process died mid-try. */
const LEASE_MS = 120_000;
const BATCH = 5;

export function startAutoMergeWorker(services: Services): Promise<QueueWorker> {
  const { sql, log } = services;
  return startQueueWorker({
    sql,
    log,
    name: 'auto-merge worker',
    channel: AUTO_MERGE_CHANNEL,
    sweepMs: SWEEP_MS,
    async round(running) {
      const due = await claimDueAutoMerges(sql, BATCH, LEASE_MS);
      for (const request of due) {
        if (!running()) break;
        const fields = { issueId: request.issue_id, repositoryId: request.repository_id };
        try {
          const outcome = await attemptAutoMerge(services, request);
          if (outcome.kind === 'merged') log.info('auto-merge merged a pull request', { ...fields, sha: outcome.sha });
          else if (outcome.kind === 'disabled')
            log.info('auto-merge turned off', { ...fields, reason: outcome.reason });
          else if (outcome.kind === 'waiting') log.debug('auto-merge waits', { ...fields, refusal: outcome.refusal });
          await releaseAutoMerge(sql, request.issue_id, outcome.kind === 'waiting' ? outcome.refusal : null);
        } catch (error) {
          // Left leased: tried again when the lease runs out.
          log.warn('auto-merge try failed; tried again after its lease', { ...fields, error: String(error) });
        }
      }
      return { worked: due.length > 0 };
    },
  });
}
