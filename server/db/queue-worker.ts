// The loop of an in-process worker over a table queue (pull requests'
// mergeability, auto-merge): woken by the queue's NOTIFY after each commit,
// and sweeping every `sweepMs` (and at start) for rows a crash or a missed
// notice left behind. `round` leases a batch (SKIP LOCKED, so several
// processes share the queue) and works it; while rounds find work the loop
// goes on at once. A database outage is waited out with a bounded backoff
// and logged, never thrown.
import { Backoff } from './backoff.js';
import { unavailableReason } from './database-unavailable.js';
import type { Sql } from './database.js';
import type { Logger } from '../log.js';

export interface QueueRound {
  /** Whether the round found work: then the next round starts at once. */
  worked: boolean;
  /** Look again this soon rather than at the next sweep (a job that gave way to a change). */
  retryInMs?: number;
}

export interface QueueWorkerOptions {
  sql: Sql;
  log: Logger;
  /** Named in the logs. */
  name: string;
  channel: string;
  sweepMs: number;
  round: (running: () => boolean) => Promise<QueueRound>;
}

export interface QueueWorker {
  stop(): Promise<void>;
}

export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const { sql, log } = options;
  let running = true;
  let wake = () => {};
  const listener = await sql.listen(
    options.channel,
    () => wake(),
    () => wake(),
  );
  const backoff = new Backoff(250, 5_000);
  const loop = async () => {
    while (running) {
      // Set up the wake-up before looking, so a NOTIFY that arrives meanwhile is not lost.
      const woken = new Promise<void>((resolve) => (wake = resolve));
      let waitMs = options.sweepMs;
      try {
        const round = await options.round(() => running);
        backoff.reset();
        if (round.worked) continue;
        if (round.retryInMs !== undefined) waitMs = round.retryInMs;
      } catch (error) {
        if (!running) break;
        waitMs = backoff.next();
        log.warn(`${options.name} could not read its queue; retrying`, {
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
