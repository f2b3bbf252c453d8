// What happens when a delivery fails: the refusal of non-public addresses,
// no-response outcomes in the history, automatic retries (same GUID,
// redelivery false, Retry-After honoured), and deactivation of a hook whose
// every delivery has failed for the configured period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

async function setUp(env: Record<string, string>) {
  const server = await startTestServer(env);
  const user = await server.createUser('alice');
  expect((await server.api('/user/repos', { method: 'POST', token: user.token, body: { name: 'r' } })).status).toBe(
    201,
  );
  return { server, user };
}

async function createHook(
  server: TestServer,
  user: TestUser,
  config: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const res = await server.api('/repos/alice/r/hooks', {
    method: 'POST',
    token: user.token,
    body: { config, ...extra },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

async function historyOf(server: TestServer, user: TestUser, hookId: number, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.api(`/repos/alice/r/hooks/${hookId}/deliveries`, { token: user.token });
    const items = (await res.json()) as Array<Record<string, any>>;
    if (items.length >= count || Date.now() > deadline) return items.reverse(); // oldest first
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('outbound safety (default allow-list: external addresses only)', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp({ WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  });
  afterAll(() => env.server.close());

  it('refuses loopback targets, by address and by name, and records why', async () => {
    const before = receiver.received.length;
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      const hook = await createHook(env.server, env.user, { url });
      const [entry] = await historyOf(env.server, env.user, hook.id, 1);
      expect(entry).toMatchObject({ status_code: 0, event: 'ping' });
      expect(entry!.status).toMatch(/loopback/);
      const detail = await (
        await env.server.api(`/repos/alice/r/hooks/${hook.id}/deliveries/${entry!.id}`, { token: env.user.token })
      ).json();
      expect(detail.response).toEqual({ headers: {}, payload: null });
    }
    expect(receiver.received.length).toBe(before);
  });
});

describe('retries and deactivation', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp({
      WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
      WHARF_WEBHOOK_RETRY_SCHEDULE: '100ms,200ms',
      WHARF_WEBHOOK_TIMEOUT: '300ms',
      WHARF_WEBHOOK_DISABLE_AFTER: '1h',
    });
  });
  afterAll(() => env.server.close());

  async function queueEvent(hookId: number, event = 'push') {
    // An event job as the ref-change path writes it (pings are not retried automatically).
    await env.server.sql`INSERT INTO webhook_jobs (guid, hook_id, repository_id, event, payload)
      VALUES (gen_random_uuid(), ${hookId}, (SELECT repository_id FROM hooks WHERE id = ${hookId}), ${event}, '{"ref":"refs/heads/main"}')`;
    await env.server.sql`SELECT pg_notify('wharf_webhooks', '')`;
  }

  it('retries a failed event delivery on the schedule with the same GUID, then gives up', async () => {
    const hook = await createHook(env.server, env.user, { url: receiver.url }, { active: false });
    await env.server.api(`/repos/alice/r/hooks/${hook.id}`, {
      method: 'PATCH',
      token: env.user.token,
      body: { active: true },
    });
    const start = receiver.received.length;
    receiver.script({ status: 502 }, { status: 503 }, { status: 500 });
    await queueEvent(hook.id);
    const requests = (await receiver.waitFor(start + 3)).slice(start);
    expect(new Set(requests.map((r) => r.headers['x-github-delivery'])).size).toBe(1);
    const gaps = [requests[1]!.at - requests[0]!.at, requests[2]!.at - requests[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(80); // 100 ms ± 20 %
    expect(gaps[1]).toBeGreaterThanOrEqual(160); // 200 ms ± 20 %
    const entries = await historyOf(env.server, env.user, hook.id, 3);
    expect(entries.map((e) => [e.status_code, e.redelivery])).toEqual([
      [502, false],
      [503, false],
      [500, false],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length - start).toBe(3); // the schedule has two retries
    const [job] = await env.server.sql`SELECT state, attempts FROM webhook_jobs WHERE hook_id = ${hook.id}`;
    expect(job).toEqual({ state: 'failed', attempts: 3 });
  });

  it('honours Retry-After on 429 and records timeouts as status_code 0', async () => {
    const hook = await createHook(env.server, env.user, { url: receiver.url }, { active: false });
    await env.server.api(`/repos/alice/r/hooks/${hook.id}`, {
      method: 'PATCH',
      token: env.user.token,
      body: { active: true },
    });
    const start = receiver.received.length;
    receiver.script({ status: 429, headers: { 'retry-after': '1' } }, { delayMs: 1000 }, { status: 200 });
    await queueEvent(hook.id);
    const requests = (await receiver.waitFor(start + 3, 15_000)).slice(start);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
    const entries = await historyOf(env.server, env.user, hook.id, 3);
    expect(entries[0]).toMatchObject({ status_code: 429 });
    expect(entries[1]).toMatchObject({ status_code: 0 });
    expect(entries[1]!.status).toMatch(/timed out/);
    expect(entries[2]).toMatchObject({ status_code: 200, status: 'OK' });
  });

  it('deactivates a hook whose deliveries have all failed for the configured period, and says why', async () => {
    const hook = await createHook(env.server, env.user, { url: receiver.url }, { active: false });
    await env.server.api(`/repos/alice/r/hooks/${hook.id}`, {
      method: 'PATCH',
      token: env.user.token,
      body: { active: true },
    });
    // Failing for two hours already (longer than WHARF_WEBHOOK_DISABLE_AFTER=1h).
    await env.server.sql`UPDATE hooks SET failing_since = now() - interval '2 hours' WHERE id = ${hook.id}`;
    receiver.script({ status: 500 });
    await queueEvent(hook.id);
    await historyOf(env.server, env.user, hook.id, 1);
    const got = await (await env.server.api(`/repos/alice/r/hooks/${hook.id}`, { token: env.user.token })).json();
    expect(got.active).toBe(false);
    expect(got.last_response).toMatchObject({ code: 500, status: 'disabled' });
    expect(got.last_response.message).toMatch(/Deactivated/);
    // Its pending retry is dropped rather than sent.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await historyOf(env.server, env.user, hook.id, 1)).length).toBe(1);
  });
});
