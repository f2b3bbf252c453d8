// How bench/webhooks.ts makes events: through the outbox's own function
// (server/webhooks/outbox.ts `enqueue`, the one every event source calls
// inside its transaction), from the bench process over its own connection to
// Wharf's PostgreSQL. That costs Wharf nothing but the rows and the NOTIFY, so
// the figures are the delivery path's alone, not the REST API's in front of it.
// Every body starts with `{"t":<epoch ms>` (the sink measures event → receipt
// from it) and is padded to exactly `bodyBytes`, the size the bare loop sends.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from '../server/db/database.js';
import { enqueue, type EventJob } from '../server/webhooks/outbox.js';

/** A payload of exactly `bytes` bytes (ASCII) whose first field is the event time. */
export function timedPayload(n: number, bytes: number, t = Date.now()): string {
  const head = `{"t":${t},"n":${n},"pad":"`;
  return `${head + 'x'.repeat(Math.max(0, bytes - head.length - 2))}"}`;
}

export interface EventSource {
  sql: Sql;
  repositoryId: number;
  hookIds: number[];
  bodyBytes: number;
}

let sequence = 0;

/** One transaction queuing `count` push events, round-robin over the hooks. */
export async function queueEvents(source: EventSource, count: number): Promise<void> {
  const t = Date.now();
  const jobs: EventJob[] = [];
  for (let i = 0; i < count; i++) {
    const n = sequence++;
    jobs.push({
      hookId: source.hookIds[n % source.hookIds.length]!,
      repositoryId: source.repositoryId,
      installationId: null,
      event: 'push',
      action: null,
      payload: null,
      payloadText: timedPayload(n, source.bodyBytes, t),
    });
  }
  await source.sql.begin((tx) => enqueue(tx, jobs));
}

/** `total` events as fast as the database takes them, `perTransaction` at a time. */
export async function queueBurst(source: EventSource, total: number, perTransaction = 100): Promise<void> {
  for (let queued = 0; queued < total; queued += perTransaction)
    await queueEvents(source, Math.min(perTransaction, total - queued));
}

/**
 * A steady `perSecond` for `seconds`: every 10 ms the events due by then, in
 * one transaction (as a push to many hooks would be), on a schedule that does
 * not drift when a tick runs late.
 */
export async function queueSteady(source: EventSource, perSecond: number, seconds: number): Promise<number> {
  const started = performance.now();
  let queued = 0;
  const total = Math.round(perSecond * seconds);
  while (queued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
    if (due > queued) {
      await queueEvents(source, due - queued);
      queued = due;
    }
    await sleep(10);
  }
  return queued;
}

/** History entries of the given hooks (one per ended attempt). */
export async function historyCount(sql: Sql, hookIds: number[]): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM webhook_deliveries WHERE hook_id = ANY(${hookIds})`;
  return row!.n;
}

/**
 * Waits until the sink has had `received` requests (cheap to ask), then until
 * the hooks have `count` history entries; resolves when that happened (epoch
 * ms). Counting history often would load the database being measured.
 */
export async function waitForHistory(
  sql: Sql,
  hookIds: number[],
  count: number,
  timeoutMs: number,
  sink?: { url: string; received: number },
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (sink && Number(await (await fetch(`${sink.url}count`)).text()) < sink.received) {
    if (Date.now() > deadline) throw new Error(`the sink did not get ${sink.received} requests in ${timeoutMs} ms`);
    await sleep(20);
  }
  for (;;) {
    const n = await historyCount(sql, hookIds);
    if (n >= count) return Date.now();
    if (Date.now() > deadline) throw new Error(`history has ${n} of ${count} entries after ${timeoutMs} ms`);
    await sleep(20);
  }
}
