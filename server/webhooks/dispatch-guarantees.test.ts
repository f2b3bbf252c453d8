// The outbox's guarantees with several dispatchers: two healthy dispatchers
// never send the same job twice, and a `wharf worker` killed in the middle of
// an attempt loses nothing (another dispatcher sends the job once the lease
// runs out: at-least-once).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { Dispatcher } from './dispatcher.js';
import { parseWebhookSettings } from '../config-webhooks.js';

const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;
const ENV = {
  WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
  WHARF_WEBHOOK_TIMEOUT: '500ms',
  WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
};

let server: TestServer;
let receiver: WebhookReceiver;
let repoId: number;

beforeAll(async () => {
  // The server itself does not dispatch: the tests choose who does.
  server = await startTestServer({ ...ENV, WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'r' } });
  repoId = ((await res.json()) as { id: number }).id;
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

function dispatcher(concurrency: number) {
  const settings = parseWebhookSettings({ ...ENV, WHARF_WEBHOOK_CONCURRENCY: String(concurrency) }, (m) => {
    throw new Error(m);
  });
  return new Dispatcher({
    sql: server.sql,
    log: createLogger('error'),
    vendor: 'GitHub',
    settings,
    allowList: settings.allowList,
  });
}

async function queueJobs(count: number): Promise<number> {
  const [hook] = await server.sql<{ id: number }[]>`
    INSERT INTO hooks (repository_id, events, url, active) VALUES (${repoId}, '{push}', ${receiver.url}, true) RETURNING id`;
  await server.sql`INSERT INTO webhook_jobs (guid, hook_id, repository_id, event, payload)
    SELECT gen_random_uuid(), ${hook!.id}, ${repoId}, 'push', '{"n":' || n || '}' FROM generate_series(1, ${count}) n`;
  return hook!.id;
}

describe('two healthy dispatchers', () => {
  it('send every job exactly once between them', async () => {
    const start = receiver.received.length;
    const hookId = await queueJobs(60);
    const a = dispatcher(4);
    const b = dispatcher(4);
    await Promise.all([a.start(), b.start()]);
    await receiver.waitFor(start + 60, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a duplicate would arrive now
    await Promise.all([a.stop(), b.stop()]);
    const guids = receiver.received.slice(start).map((r) => r.headers['x-github-delivery']);
    expect(guids).toHaveLength(60);
    expect(new Set(guids).size).toBe(60);
    const [counts] =
      await server.sql`SELECT count(*)::int AS entries, count(DISTINCT guid)::int AS guids FROM webhook_deliveries WHERE hook_id = ${hookId}`;
    expect(counts).toEqual({ entries: 60, guids: 60 });
  });
});

describe('a worker killed mid-attempt', () => {
  it('loses no delivery: the job is sent again after its lease runs out', async () => {
    const start = receiver.received.length;
    const hookId = await queueJobs(1);
    receiver.script({ delayMs: 5_000 }); // keeps the first attempt in flight
    const worker = spawn(process.execPath, [CLI, 'worker'], {
      env: {
        ...process.env,
        ...ENV,
        DATABASE_URL: server.databaseUrl,
        WHARF_DATA_DIR: server.dataDir,
        WHARF_LOG_LEVEL: 'error',
      },
      stdio: 'ignore',
    });
    const [first] = (await receiver.waitFor(start + 1, 20_000)).slice(start);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    const [job] = await server.sql`SELECT state, attempts FROM webhook_jobs WHERE hook_id = ${hookId}`;
    expect(job).toEqual({ state: 'pending', attempts: 0 }); // nothing recorded: the attempt never ended

    const rescuer = dispatcher(1);
    await rescuer.start();
    try {
      const [, second] = (await receiver.waitFor(start + 2, rescuer.leaseMs + 10_000)).slice(start);
      expect(second!.headers['x-github-delivery']).toBe(first!.headers['x-github-delivery']);
      expect(second!.body.equals(first!.body)).toBe(true);
      const deadline = Date.now() + 5_000;
      let entries: readonly unknown[] = [];
      while (entries.length === 0 && Date.now() < deadline) {
        entries = await server.sql`SELECT status_code FROM webhook_deliveries WHERE hook_id = ${hookId}`;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(entries).toEqual([{ status_code: 200 }]);
    } finally {
      await rescuer.stop();
    }
  }, 60_000);
});
