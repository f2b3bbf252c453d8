// A ref sync's events, written together: the hooks subscribed to each event
// are looked up once per sync (not once per ref), and the delivery jobs go in
// a few multi-row inserts with one NOTIFY. A push creating a thousand
// branches wrote its 2,000 events in 4,000 statements before (issue 32).
// Jobs keep their order: the sync flushes before anything else of its own
// may emit (a moved branch's pull requests), so ids stay in event order.
import type { TransactionSql } from '../db/database.js';
import { enqueue, eventJobs, subscribedTargets, type EventJob, type EventTarget } from './outbox.js';

/** Rows per INSERT (eight columns each, far under PostgreSQL's 65,535 parameters). */
const ROWS_PER_INSERT = 1000;

export class RefEventBatch {
  private readonly targets = new Map<string, Promise<EventTarget[]>>();
  private jobs: EventJob[] = [];

  constructor(
    private readonly tx: TransactionSql,
    private readonly repositoryId: number,
    private readonly installationId: number | null,
  ) {}

  async add(event: string, payload: unknown): Promise<void> {
    let targets = this.targets.get(event);
    if (!targets) {
      targets = subscribedTargets(this.tx, this.repositoryId, event);
      this.targets.set(event, targets);
    }
    this.jobs.push(...eventJobs(await targets, this.repositoryId, event, null, payload, this.installationId));
  }

  /** Writes the jobs added so far. */
  async flush(): Promise<void> {
    const jobs = this.jobs;
    this.jobs = [];
    for (let at = 0; at < jobs.length; at += ROWS_PER_INSERT)
      await enqueue(this.tx, jobs.slice(at, at + ROWS_PER_INSERT));
  }
}
