// Group commit for ended attempts: an attempt that ends while a batch is being
// written waits for the next one, and the next one takes everything that
// waited. Under load batches grow by themselves; an attempt that ends alone is
// written at once. Each attempt's promise settles when its own entry is
// committed (or given up on: then its lease runs out and it is sent again).
import { Backoff } from '../db/backoff.js';
import type { Sql } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { recordAttempts, type AttemptRecord } from './attempt-records.js';

/** Largest batch: bounds a transaction's size and what one failing statement holds up. */
export const MAX_BATCH = 256;

interface Waiting {
  record: AttemptRecord;
  /** Past this (epoch ms) another dispatcher may send the job again, so a late entry would be a second one. */
  leaseEnds: number;
  settle(error?: unknown): void;
}

export class AttemptBatcher {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly sql: Sql,
    private readonly disableAfterMs: number,
  ) {}

  record(record: AttemptRecord, leaseEnds: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ record, leaseEnds, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) await this.write(this.waiting.splice(0, MAX_BATCH));
    } finally {
      this.writing = false;
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      await this.whileLeased(batch);
      for (const w of batch) w.settle();
    } catch (error) {
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const w of batch) w.settle(error);
        return;
      }
      // Something in the batch is refused (not an outage): write each alone,
      // so one bad entry cannot hold up, or cause resends of, the others.
      for (const w of batch) await this.write([w]);
    }
  }

  /** Retries through a database outage while every lease in the batch lasts. */
  private async whileLeased(batch: Waiting[]): Promise<void> {
    const leaseEnds = Math.min(...batch.map((w) => w.leaseEnds));
    const backoff = new Backoff();
    for (;;) {
      try {
        return await recordAttempts(
          this.sql,
          batch.map((w) => w.record),
          this.disableAfterMs,
        );
      } catch (error) {
        const waitMs = backoff.next();
        if (!isDatabaseUnavailable(error) || Date.now() + waitMs > leaseEnds - 1_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }
}
