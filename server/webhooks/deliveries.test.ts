// Deliveries end to end: a real receiver on 127.0.0.1 gets signed requests
// with GitHub's headers; the history, redelivery, filters and cursor
// pagination are read back over the API.
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;

const SECRET = 'shhh';
const REPO = '/repos/alice/hooked';

beforeAll(async () => {
  // Debug logging, so the last test can check that no log line carries a secret.
  server = await startTestServer({
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
    WHARF_LOG_LEVEL: 'debug',
  });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  expect(
    (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'hooked' } })).status,
  ).toBe(201);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function createHook(config: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await server.api(`${REPO}/hooks`, { method: 'POST', token: alice.token, body: { config, ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

async function history(hookId: number, query = '') {
  const res = await server.api(`${REPO}/hooks/${hookId}/deliveries${query}`, { token: alice.token });
  expect(res.status).toBe(200);
  return { res, items: (await res.json()) as Array<Record<string, any>> };
}

/** Polls the history until `count` entries exist (an entry appears once its attempt has ended). */
async function historyOf(hookId: number, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { items } = await history(hookId);
    if (items.length >= count || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the creation ping', () => {
  it('is POSTed to the hook URL, signed, with GitHub headers, and recorded in the history', async () => {
    const start = receiver.received.length;
    const hook = await createHook({ url: receiver.url, secret: SECRET }, { events: ['issues'] });
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(request!.method).toBe('POST');
    const expected = `sha256=${createHmac('sha256', SECRET).update(request!.body).digest('hex')}`;
    expect(request!.headers['x-hub-signature-256']).toBe(expected);
    // GitHub's older SHA-1 header too, which receivers in the wild still check.
    expect(request!.headers['x-hub-signature']).toBe(
      `sha1=${createHmac('sha1', SECRET).update(request!.body).digest('hex')}`,
    );
    expect(request!.headers['x-github-event']).toBe('ping');
    expect(request!.headers['x-github-hook-id']).toBe(String(hook.id));
    expect(request!.headers['x-github-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.headers['x-github-hook-installation-target-type']).toBe('repository');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^GitHub-Hookshot\/[0-9a-f]{7}$/);
    const payload = JSON.parse(request!.body.toString('utf8'));
    expect(payload).toMatchObject({
      hook_id: hook.id,
      hook: { id: hook.id, events: ['issues'] },
      repository: { full_name: 'alice/hooked' },
      sender: { login: 'alice' },
    });
    expect(typeof payload.zen).toBe('string');
    // API URLs under /api/v3 (as GitHub Enterprise writes them), web URLs at the root.
    expect(payload.hook).toMatchObject({
      url: `${server.url}/api/v3${REPO}/hooks/${hook.id}`,
      deliveries_url: `${server.url}/api/v3${REPO}/hooks/${hook.id}/deliveries`,
    });
    expect(payload.repository).toMatchObject({
      url: `${server.url}/api/v3${REPO}`,
      hooks_url: `${server.url}/api/v3${REPO}/hooks`,
      html_url: `${server.url}/alice/hooked`,
    });
    expect(payload.sender).toMatchObject({ url: `${server.url}/api/v3/users/alice`, html_url: `${server.url}/alice` });
    expect(githubWebhookErrors('ping', undefined, payload)).toBe('');
    expect(JSON.stringify(payload)).not.toContain(SECRET);

    const [entry] = await historyOf(hook.id, 1);
    expect(entry).toMatchObject({
      guid: request!.headers['x-github-delivery'],
      event: 'ping',
      action: null,
      redelivery: false,
      status: 'OK',
      status_code: 200,
      url: receiver.url,
      installation_id: null,
      throttled_at: null,
    });
    expect(entry!.duration).toBeGreaterThanOrEqual(0);
    expectBothSchemas(
      (await history(hook.id)).items,
      { path: '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries', method: 'get' },
      { operationId: 'repos/list-webhook-deliveries' },
    );
    const full = await server.api(`${REPO}/hooks/${hook.id}/deliveries/${entry!.id}`, { token: alice.token });
    const detail = await full.json();
    expectBothSchemas(
      detail,
      { path: '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}', method: 'get' },
      { operationId: 'repos/get-webhook-delivery' },
    );
    expect(detail.request.payload).toEqual(payload);
    expect(detail.request.headers['X-Hub-Signature-256']).toBe(expected);
    expect(detail.response).toMatchObject({ payload: 'ok', headers: { 'content-type': 'text/plain' } });
    const hookNow = await (await server.api(`${REPO}/hooks/${hook.id}`, { token: alice.token })).json();
    expect(hookNow.last_response).toEqual({ code: 200, status: 'active', message: 'OK' });
  });

  it('has no signature header when the hook has no secret, and sends form bodies as payload=', async () => {
    const start = receiver.received.length;
    await createHook({ url: receiver.url, content_type: 'form' });
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(request!.headers).not.toHaveProperty('x-hub-signature-256');
    expect(request!.headers).not.toHaveProperty('x-hub-signature');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request!.body.toString('utf8'));
    expect(JSON.parse(form.get('payload')!).zen).toBeTypeOf('string');
  });
});

describe('pings, redelivery and history', () => {
  it('pings on request (204), redelivers with the same GUID signed with the current secret (202)', async () => {
    const hook = await createHook({ url: receiver.url, secret: 'first' });
    await historyOf(hook.id, 1);
    expect((await server.api(`${REPO}/hooks/${hook.id}/pings`, { method: 'POST', token: alice.token })).status).toBe(
      204,
    );
    const [ping] = await historyOf(hook.id, 2);
    expect(ping!.event).toBe('ping');

    await server.api(`${REPO}/hooks/${hook.id}`, {
      method: 'PATCH',
      token: alice.token,
      body: { config: { secret: 'rotated' } },
    });
    const start = receiver.received.length;
    const redo = await server.api(`${REPO}/hooks/${hook.id}/deliveries/${ping!.id}/attempts`, {
      method: 'POST',
      token: alice.token,
    });
    expect(redo.status).toBe(202);
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(request!.headers['x-github-delivery']).toBe(ping!.guid);
    expect(request!.headers['x-hub-signature-256']).toBe(
      `sha256=${createHmac('sha256', 'rotated').update(request!.body).digest('hex')}`,
    );
    const [latest] = await historyOf(hook.id, 3);
    expect(latest).toMatchObject({ guid: ping!.guid, redelivery: true });

    // The interface's paths (no hook id) reach the same entries.
    const bySpecPath = await server.api(`${REPO}/hooks/deliveries/${latest!.id}`, { token: alice.token });
    expect((await bySpecPath.json()).guid).toBe(ping!.guid);
    expect(
      (await server.api(`${REPO}/hooks/deliveries/${latest!.id}/attempts`, { method: 'POST', token: alice.token }))
        .status,
    ).toBe(202);
    expect((await server.api(`${REPO}/hooks/deliveries/999999999`, { token: alice.token })).status).toBe(404);
  });

  it('pages the history by cursor, newest first, and filters by status, event and since', async () => {
    const hook = await createHook({ url: receiver.url });
    receiver.script({ status: 500, body: 'boom' });
    for (let i = 0; i < 4; i++)
      await server.api(`${REPO}/hooks/${hook.id}/pings`, { method: 'POST', token: alice.token });
    const all = await historyOf(hook.id, 5);
    expect(all).toHaveLength(5);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));

    const seen: number[] = [];
    let next: string | undefined = `${REPO}/hooks/${hook.id}/deliveries?per_page=2`;
    while (next) {
      const res = await server.api(next, { token: alice.token });
      seen.push(...((await res.json()) as Array<{ id: number }>).map((e) => e.id));
      const link = res.headers.get('link');
      next = link ? /<([^>]+)>; rel="next"/.exec(link)![1]!.replace(server.url, '') : undefined;
    }
    expect(seen).toEqual(all.map((e) => e.id));

    const failures = (await history(hook.id, '?status=failure')).items;
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ status_code: 500 });
    expect((await history(hook.id, '?status=success')).items).toHaveLength(4);
    expect((await history(hook.id, '?event=push')).items).toHaveLength(0);
    expect(
      (await history(hook.id, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).items,
    ).toHaveLength(0);
    const badCursor = await server.api(`${REPO}/hooks/${hook.id}/deliveries?cursor=garbage`, { token: alice.token });
    expect(badCursor.status).toBe(422);
    // The largest cursor the contract allows (16 digits, past 2^53) lies above every id: the newest page.
    const farCursor = await history(hook.id, '?cursor=v1_9999999999999999&per_page=100');
    expect(farCursor.items.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });
});

describe('secrets', () => {
  it('never appear in a log line, even at debug level with failing deliveries', async () => {
    expect(server.logs.length).toBeGreaterThan(0);
    for (const secret of [SECRET, 'first', 'rotated']) {
      expect(server.logs.filter((line) => line.includes(`"${secret}"`) || line.includes(`=${secret}`))).toEqual([]);
    }
    expect(server.logs.some((line) => line.includes('webhook delivery failed'))).toBe(true);
  });
});
