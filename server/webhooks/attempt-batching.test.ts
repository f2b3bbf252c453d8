// Attempts are recorded in batches (attempt-batcher.ts, attempt-records.ts):
// what a user sees must be what recording them one by one would show. Every
// attempt of a batch gets its own history entry with its own outcome, a
// failing receiver does not lose or duplicate the others' entries, a hook's
// last_response follows its attempts in order, and a job deleted meanwhile
// does not take the rest of its batch down with it.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../db/database.js';
import { createLogger } from '../log.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { AttemptBatcher } from './attempt-batcher.js';
import { recordAttempts, type AttemptRecord } from './attempt-records.js';
import type { JobRow } from './delivery-jobs.js';
import { Dispatcher } from './dispatcher.js';
import { parseWebhookSettings } from '../config-webhooks.js';

const ENV = {
  WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
  WHARF_WEBHOOK_TIMEOUT: '2s',
  WHARF_WEBHOOK_RETRY_SCHEDULE: '1h',
  WHARF_WEBHOOK_DISABLE_AFTER: '1h',
};
const HOUR_MS = 3_600_000;

let server: TestServer;
let ok: WebhookReceiver;
let failing: WebhookReceiver;
let repoId: number;

beforeAll(async () => {
  server = await startTestServer({ ...ENV, WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'r' } });
  repoId = ((await res.json()) as { id: number }).id;
  ok = await startWebhookReceiver();
  failing = await startWebhookReceiver();
  failing.fallback = { status: 500, body: 'boom' };
});
afterAll(async () => {
  await server.close();
  await Promise.all([ok.close(), failing.close()]);
});

async function hookFor(url: string): Promise<number> {
  const [hook] = await server.sql<{ id: number }[]>`
    INSERT INTO hooks (repository_id, events, url, active) VALUES (${repoId}, '{push}', ${url}, true) RETURNING id`;
  return hook!.id;
}

async function queueJobs(hookId: number, count: number): Promise<JobRow[]> {
  return server.sql<JobRow[]>`INSERT INTO webhook_jobs (guid, hook_id, repository_id, event, payload)
    SELECT gen_random_uuid(), ${hookId}, ${repoId}, 'push', '{"n":' || n || '}' FROM generate_series(1, ${count}) n
    RETURNING id, guid, hook_id, repository_id, installation_id, event, action, payload, redelivery, attempts`;
}

function attempt(job: JobRow, statusCode: number, retryInMs: number | null = null): AttemptRecord {
  return {
    job,
    url: 'http://127.0.0.1:1/hook',
    deliveredAt: new Date(),
    durationS: 0.01,
    status: statusCode === 0 ? 'connection refused' : `HTTP ${statusCode}`,
    statusCode,
    success: statusCode >= 200 && statusCode < 300,
    requestHeaders: { 'X-GitHub-Delivery': job.guid },
    responseHeaders: {},
    responsePayload: statusCode === 0 ? null : 'body',
    retryInMs,
  };
}

describe('a dispatcher sending to a healthy and a failing receiver at once', () => {
  it('gives every delivery exactly one entry with its own outcome', async () => {
    const okStart = ok.received.length;
    const failStart = failing.received.length;
    const okHook = await hookFor(ok.url);
    const badHook = await hookFor(failing.url);
    // Interleaved, so batches mix both hooks.
    for (let i = 0; i < 20; i++) await Promise.all([queueJobs(okHook, 1), queueJobs(badHook, 1)]);
    const settings = parseWebhookSettings({ ...ENV, WHARF_WEBHOOK_CONCURRENCY: '16' }, (m) => {
      throw new Error(m);
    });
    const dispatcher = new Dispatcher({
      sql: server.sql,
      log: createLogger('error'),
      vendor: 'GitHub',
      settings,
      allowList: settings.allowList,
    });
    await dispatcher.start();
    try {
      await ok.waitFor(okStart + 20, 20_000);
      await failing.waitFor(failStart + 20, 20_000);
      const deadline = Date.now() + 10_000;
      let entries: { hook_id: number; status_code: number; guid: string }[] = [];
      while (entries.length < 40 && Date.now() < deadline) {
        entries =
          await server.sql`SELECT hook_id, status_code, guid FROM webhook_deliveries WHERE hook_id IN (${okHook}, ${badHook})`;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300)); // a duplicate would show now
    } finally {
      await dispatcher.stop();
    }
    const rows = await server.sql<{ hook_id: number; status_code: number; n: number; guids: number }[]>`
      SELECT hook_id, status_code, count(*)::int AS n, count(DISTINCT guid)::int AS guids
      FROM webhook_deliveries WHERE hook_id IN (${okHook}, ${badHook}) GROUP BY 1, 2 ORDER BY 1`;
    expect(rows).toEqual([
      { hook_id: okHook, status_code: 200, n: 20, guids: 20 },
      { hook_id: badHook, status_code: 500, n: 20, guids: 20 },
    ]);
    expect(ok.received.length - okStart).toBe(20);
    expect(failing.received.length - failStart).toBe(20);
    const jobs = await server.sql`SELECT hook_id, state, attempts, count(*)::int AS n FROM webhook_jobs
      WHERE hook_id IN (${okHook}, ${badHook}) GROUP BY 1, 2, 3 ORDER BY 1`;
    // The failed ones wait for their retry (1 h away).
    expect(jobs).toEqual([
      { hook_id: okHook, state: 'done', attempts: 1, n: 20 },
      { hook_id: badHook, state: 'pending', attempts: 1, n: 20 },
    ]);
    const [hook] =
      await server.sql`SELECT last_response_code, last_response_status, active FROM hooks WHERE id = ${badHook}`;
    expect(hook).toEqual({ last_response_code: 500, last_response_status: 'misconfigured', active: true });
  });
});

describe('one batch with several attempts of one hook', () => {
  it('leaves last_response and the failure clock as attempts one by one would', async () => {
    const hookId = await hookFor('http://127.0.0.1:1/a');
    // Failing for half an hour (less than the 1 h period): the success in the
    // middle of the batch must clear that, so the clock restarts now.
    await server.sql`UPDATE hooks SET failing_since = now() - interval '30 minutes' WHERE id = ${hookId}`;
    const jobs = await queueJobs(hookId, 3);
    await recordAttempts(
      server.sql,
      [attempt(jobs[0]!, 500, 10_000), attempt(jobs[1]!, 200), attempt(jobs[2]!, 0, 10_000)],
      HOUR_MS,
    );
    const [hook] = await server.sql`SELECT last_response_code, last_response_status, last_response_message, active,
      failing_since IS NOT NULL AND failing_since > now() - interval '1 minute' AS failing_now FROM hooks WHERE id = ${hookId}`;
    // The last attempt failed without a response: code null, and the clock restarted after the success.
    expect(hook).toEqual({
      last_response_code: null,
      last_response_status: 'misconfigured',
      last_response_message: 'connection refused',
      active: true,
      failing_now: true,
    });
    const entries =
      await server.sql`SELECT job_id, status_code FROM webhook_deliveries WHERE hook_id = ${hookId} ORDER BY id`;
    expect(entries).toEqual(jobs.map((job, i) => ({ job_id: job.id, status_code: [500, 200, 0][i] })));
    const states = await server.sql`SELECT state, attempts FROM webhook_jobs WHERE hook_id = ${hookId} ORDER BY id`;
    expect(states).toEqual([
      { state: 'pending', attempts: 1 },
      { state: 'done', attempts: 1 },
      { state: 'pending', attempts: 1 },
    ]);
  });

  it('deactivates a hook failing for longer than the period, whatever else the batch holds', async () => {
    const failingHook = await hookFor('http://127.0.0.1:1/b');
    const healthyHook = await hookFor('http://127.0.0.1:1/c');
    await server.sql`UPDATE hooks SET failing_since = now() - interval '2 hours' WHERE id = ${failingHook}`;
    const [a, b] = await queueJobs(failingHook, 2);
    const [c] = await queueJobs(healthyHook, 1);
    await recordAttempts(server.sql, [attempt(a!, 502, 10_000), attempt(c!, 204), attempt(b!, 503, 10_000)], HOUR_MS);
    const hooks =
      await server.sql`SELECT id, active, last_response_status, last_response_code FROM hooks WHERE id IN (${failingHook}, ${healthyHook}) ORDER BY id`;
    expect(hooks).toEqual([
      { id: failingHook, active: false, last_response_status: 'disabled', last_response_code: 503 },
      { id: healthyHook, active: true, last_response_status: 'active', last_response_code: 204 },
    ]);
    const [message] = await server.sql`SELECT last_response_message AS m FROM hooks WHERE id = ${failingHook}`;
    expect(message!.m).toMatch(/^Deactivated: every delivery since .* failed \(last: HTTP 503\)$/);
  });
});

describe('a job deleted while its attempt was in flight', () => {
  it('gets no entry, and the rest of its batch is recorded', async () => {
    const gone = await hookFor('http://127.0.0.1:1/gone');
    const kept = await hookFor('http://127.0.0.1:1/kept');
    const [goneJob] = await queueJobs(gone, 1);
    const keptJobs = await queueJobs(kept, 3);
    await server.sql`DELETE FROM hooks WHERE id = ${gone}`;
    const batcher = new AttemptBatcher(server.sql, HOUR_MS);
    const leaseEnds = Date.now() + 60_000;
    await Promise.all([goneJob!, ...keptJobs].map((job) => batcher.record(attempt(job, 200), leaseEnds)));
    const entries =
      await server.sql`SELECT job_id FROM webhook_deliveries WHERE hook_id IN (${gone}, ${kept}) ORDER BY id`;
    expect(entries).toEqual(keptJobs.map((job) => ({ job_id: job.id })));
  });
});

describe('the cost of a batch', () => {
  it('is the same number of SQL statements for 1 attempt as for 100', async () => {
    const statements: string[] = [];
    const counted = postgres(server.databaseUrl, {
      max: 1,
      debug: (_c, query) => void statements.push(query),
    }) as unknown as Sql;
    try {
      const hookId = await hookFor('http://127.0.0.1:1/many');
      const jobs = await queueJobs(hookId, 102);
      await recordAttempts(counted, [attempt(jobs[0]!, 200)], HOUR_MS); // the connection's own start-up queries
      const before = statements.length;
      await recordAttempts(counted, [attempt(jobs[1]!, 200)], HOUR_MS);
      const forOne = statements.length - before;
      await recordAttempts(
        counted,
        jobs.slice(2).map((job) => attempt(job, 200)),
        HOUR_MS,
      );
      expect(statements.length - before - forOne).toBe(forOne);
      const [row] = await server.sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE hook_id = ${hookId}`;
      expect(row!.n).toBe(102);
    } finally {
      await counted.end();
    }
  });
});
