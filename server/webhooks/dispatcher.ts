// Sends queued deliveries. Any number of dispatchers (inside `wharf serve`, or
// `wharf worker` processes) share the outbox: each claims due jobs with a
// lease (SKIP LOCKED, so two healthy dispatchers never take the same job),
// sends them, and records the attempt; a dispatcher that dies mid-attempt
// leaves a lease that runs out, and the job is sent again (at-least-once).
// Claims, drops and records are batched (one statement for all the jobs a
// wake-up finds, one transaction for all the attempts that ended meanwhile).
// It sleeps until a NOTIFY (new jobs), an attempt ending, or the next job's
// due time, whichever comes first.
import { randomUUID } from 'node:crypto';
import { Backoff } from '../db/backoff.js';
import type { Sql } from '../db/database.js';
import { isDatabaseUnavailable, unavailableReason } from '../db/database-unavailable.js';
import type { Logger } from '../log.js';
import { AttemptBatcher } from './attempt-batcher.js';
import { claimJobs, dropJobs, msUntilNextDue, type ClaimedJob, type JobRow } from './delivery-jobs.js';
import { deliveryRequest } from './delivery-request.js';
import type { AllowList } from '../outbound/allowed-hosts.js';
import { sendWebhook } from '../outbound/send-webhook.js';
import { WEBHOOK_CHANNEL } from './outbox.js';
import { isSuccess, retryDelayMs } from './retry-policy.js';
import type { WebhookSettings } from '../config-webhooks.js';

/** Stored response bodies are cut at this many bytes (docs/webhooks.md documents it). */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Longest sleep without a wake-up: a safety net should a NOTIFY be missed. */
const MAX_IDLE_MS = 30_000;

export interface DispatcherDeps {
  sql: Sql;
  log: Logger;
  vendor: string;
  settings: WebhookSettings;
  allowList: AllowList;
}

/** Only event deliveries are retried automatically: a ping or a redelivery was asked for by someone who is watching. */
const retriesAutomatically = (job: JobRow) => !job.redelivery && job.event !== 'ping';

/** The URL without user:password, for logs. */
function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(invalid url)';
  }
}

export class Dispatcher {
  readonly owner = randomUUID();
  private running = false;
  private loopDone: Promise<void> | undefined;
  /** Attempts being sent: at most `concurrency`. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts sent whose history entry is not committed yet (the job is still leased). */
  private readonly recording = new Set<Promise<void>>();
  private wake: () => void = () => {};
  private unlisten: (() => Promise<void>) | undefined;
  /** Waits between outbox reads while the database is away (bounded, so delivery resumes soon after). */
  private readonly backoff = new Backoff();
  private readonly records: AttemptBatcher;

  constructor(private readonly deps: DispatcherDeps) {
    this.records = new AttemptBatcher(deps.sql, deps.settings.disableAfterMs);
  }

  /**
   * Lease length: an attempt ends within the timeout; the rest is margin for
   * recording it. A dispatcher killed mid-attempt delays that job by this much.
   */
  get leaseMs(): number {
    const { timeoutMs } = this.deps.settings;
    return timeoutMs + Math.max(5_000, timeoutMs);
  }

  async start(): Promise<void> {
    const listener = await this.deps.sql.listen(
      WEBHOOK_CHANNEL,
      () => this.wake(),
      () => this.wake(),
    );
    this.unlisten = () => listener.unlisten();
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming, lets attempts in flight end (each within the timeout), then returns. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled([...this.recording]);
    await this.unlisten?.().catch(() => {});
  }

  private async loop(): Promise<void> {
    const { sql, log, settings } = this.deps;
    while (this.running) {
      // Set up the wake-up before looking, so a NOTIFY that arrives meanwhile is not lost.
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      let waitMs = MAX_IDLE_MS;
      try {
        const free = this.freeSlots();
        // Under load, wait until a few slots are free and claim them together:
        // one claim statement for several jobs instead of one per job.
        const worthClaiming = this.inFlight.size === 0 ? 1 : Math.max(1, Math.floor(settings.concurrency / 4));
        if (free >= worthClaiming) {
          const jobs = await claimJobs(sql, this.owner, free, this.leaseMs);
          // A hook deactivated after its jobs were queued: its automatic deliveries are dropped.
          const dropped = jobs.filter((job) => !job.hook.active && retriesAutomatically(job));
          if (dropped.length > 0)
            await dropJobs(
              sql,
              dropped.map((job) => job.id),
            );
          for (const job of jobs) if (!dropped.includes(job)) this.track(this.attempt(job));
          if (jobs.length === free) continue; // there may be more due right now
          // An attempt in flight wakes the loop when it ends; only an idle
          // dispatcher needs to know when the next job (a retry) is due.
          if (this.inFlight.size === 0) {
            const next = await msUntilNextDue(sql);
            if (next !== null) waitMs = Math.min(MAX_IDLE_MS, Math.max(next, 25));
          }
        }
        this.backoff.reset();
      } catch (error) {
        if (!this.running) break;
        waitMs = this.backoff.next();
        log.warn('webhook dispatcher could not read the outbox; retrying', {
          retryInMs: waitMs,
          ...unavailableReason(error),
        });
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([woken, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    }
  }

  /**
   * Sending slots left. Recording is not sending, so a slot is free once its
   * attempt has ended; but no more than `concurrency` ended attempts may wait
   * for their entries (a slow database slows claiming down, not memory up).
   */
  private freeSlots(): number {
    const { concurrency } = this.deps.settings;
    return Math.min(concurrency - this.inFlight.size, 2 * concurrency - this.inFlight.size - this.recording.size);
  }

  private track(attempt: Promise<void>): void {
    this.inFlight.add(attempt);
    void attempt.finally(() => {
      this.inFlight.delete(attempt);
      this.wake(); // a free slot: look for more work
    });
  }

  private async attempt(job: ClaimedJob): Promise<void> {
    const { log, settings, vendor, allowList } = this.deps;
    const { hook } = job;
    const leaseEnds = Date.now() + this.leaseMs;
    try {
      const request = deliveryRequest(job, hook, vendor);
      const deliveredAt = new Date();
      const result = await sendWebhook({
        url: hook.url,
        headers: request.headers,
        body: request.body,
        timeoutMs: settings.timeoutMs,
        insecureSsl: hook.insecure_ssl === '1',
        allowList,
        maxResponseBytes: MAX_RESPONSE_BYTES,
      });
      const success = isSuccess(result.statusCode);
      const retryInMs =
        success || !retriesAutomatically(job)
          ? null
          : retryDelayMs(job.attempts + 1, settings.retryScheduleMs, result.retryAfterS);
      if (!success) {
        log.info('webhook delivery failed', {
          hookId: hook.id,
          guid: job.guid,
          event: job.event,
          url: loggableUrl(hook.url),
          statusCode: result.statusCode,
          status: result.status,
          retryInMs,
        });
      }
      const recorded = this.records
        .record(
          {
            job,
            url: hook.url,
            deliveredAt,
            durationS: result.durationS,
            status: result.status,
            statusCode: result.statusCode,
            success,
            requestHeaders: request.headers,
            responseHeaders: result.responseHeaders,
            responsePayload: result.statusCode === 0 ? null : result.responseBody,
            retryInMs,
          },
          leaseEnds,
        )
        .catch((error: unknown) => this.notRecorded(job, error));
      this.recording.add(recorded);
      void recorded.finally(() => {
        this.recording.delete(recorded);
        this.wake();
      });
    } catch (error) {
      this.notRecorded(job, error);
    }
  }

  /** Not recorded: the lease runs out and the job is attempted again (at-least-once). */
  private notRecorded(job: JobRow, error: unknown): void {
    const fields = { jobId: job.id, guid: job.guid, ...unavailableReason(error) };
    if (isDatabaseUnavailable(error))
      this.deps.log.warn('webhook delivery attempt not recorded: database unavailable; it will be sent again', fields);
    else this.deps.log.error('webhook delivery attempt could not be completed', fields);
  }
}
