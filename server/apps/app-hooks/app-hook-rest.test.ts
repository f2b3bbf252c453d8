// /app/hook/config and /app/hook/deliveries with an app JWT: GitHub's bodies
// (@octokit/openapi), the history of real deliveries, redelivery with the
// current secret, and no way to reach another hook's deliveries or to see an
// app's hook through /repos/{owner}/{repo}/hooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, type TestApp } from '../../test-support/apps.js';
import { eventually } from '../../test-support/cli.js';
import { githubResponseErrors } from '../../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.js';
import { signature256 } from '../../webhooks/signature.js';

let server: TestServer;
let owner: TestUser;
let receiver: WebhookReceiver;
let app: TestApp;
let other: TestApp;

const jwt = (a: TestApp = app) => appJwt(a, Math.floor(Date.now() / 1000));
async function call(path: string, options: { method?: string; body?: unknown; as?: TestApp } = {}) {
  const response = await server.api(path, { method: options.method, body: options.body, token: await jwt(options.as) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** The app's history once it holds `count` entries (an entry is written just after its attempt ends). */
async function history(count: number, query = '') {
  return eventually(
    () => call(`/app/hook/deliveries${query}`),
    (r) => r.status === 200 && r.body.length >= count,
    30_000,
  );
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('rest-hook-owner');
  receiver = await startWebhookReceiver();
  app = await createTestApp(server, owner.id, 'Rest Hook App');
  other = await createTestApp(server, owner.id, 'Other Hook App');
  await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name: 'plain', auto_init: true } });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('GET/PATCH /app/hook/config', () => {
  it('an app without a webhook: no url; PATCH without a url is 422, with one creates it', async () => {
    const empty = await call('/app/hook/config');
    expect(empty).toMatchObject({ status: 200, body: { content_type: 'json', insecure_ssl: '0' } });
    expect(empty.body.url).toBeUndefined();
    const missing = await call('/app/hook/config', { method: 'PATCH', body: { secret: 'x' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ resource: 'Hook', field: 'url', code: 'missing_field' }]);
    expect((await call('/app/hook/config', { method: 'PATCH', body: { url: 'ftp://127.0.0.1/' } })).status).toBe(422);
    expect((await call('/app/hook/deliveries')).body).toEqual([]);
  });

  it('sets url, secret, content_type and insecure_ssl; the secret shows only as ********', async () => {
    const patched = await call('/app/hook/config', {
      method: 'PATCH',
      body: { url: receiver.url, secret: 'first-secret', content_type: 'form', insecure_ssl: 1 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ url: receiver.url, content_type: 'form', insecure_ssl: '1', secret: '********' });
    expect(githubResponseErrors('apps/update-webhook-config-for-app', 200, patched.body)).toBe('');
    const partial = await call('/app/hook/config', {
      method: 'PATCH',
      body: { content_type: 'json', insecure_ssl: '0' },
    });
    expect(partial.body).toEqual({ url: receiver.url, content_type: 'json', insecure_ssl: '0', secret: '********' });
    const got = await call('/app/hook/config');
    expect(got.body).toEqual(partial.body);
    expect(githubResponseErrors('apps/get-webhook-config-for-app', 200, got.body)).toBe('');
    expect(JSON.stringify(got.body)).not.toContain('first-secret');
  });

  it('needs an app JWT: a user token is 401', async () => {
    expect((await server.api('/app/hook/config', { token: owner.token })).status).toBe(401);
    expect((await server.api('/app/hook/deliveries', { token: owner.token })).status).toBe(401);
  });
});

describe('the app webhook history', () => {
  let deliveryId: number;
  let guid: string;

  it("lists the deliveries made, newest first, as GitHub's hook-delivery-item", async () => {
    const start = receiver.received.length;
    await installTestApp(server, app.app, owner.id);
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(request!.headers['x-hub-signature-256']).toBe(signature256('first-secret', request!.body));
    guid = request!.headers['x-github-delivery'] as string;
    const listed = await history(1);
    expect(githubResponseErrors('apps/list-webhook-deliveries', 200, listed.body)).toBe('');
    expect(listed.body[0]).toMatchObject({
      guid,
      event: 'installation',
      action: 'created',
      status_code: 200,
      redelivery: false,
      repository_id: null,
    });
    deliveryId = listed.body[0].id;
  });

  it('gets one delivery with its request and response', async () => {
    const got = await call(`/app/hook/deliveries/${deliveryId}`);
    expect(got.status).toBe(200);
    expect(githubResponseErrors('apps/get-webhook-delivery', 200, got.body)).toBe('');
    expect(got.body).toMatchObject({
      id: deliveryId,
      guid,
      request: { payload: { action: 'created' } },
      response: { payload: 'ok' },
    });
    expect((await call('/app/hook/deliveries/999999999')).status).toBe(404);
  });

  it('redelivers the same payload, signed with the current secret, recorded as a redelivery', async () => {
    await call('/app/hook/config', { method: 'PATCH', body: { secret: 'second-secret' } });
    const original = receiver.received.find((r) => r.headers['x-github-delivery'] === guid)!;
    const start = receiver.received.length;
    const accepted = await call(`/app/hook/deliveries/${deliveryId}/attempts`, { method: 'POST' });
    expect(accepted).toMatchObject({ status: 202, body: {} });
    const [again] = (await receiver.waitFor(start + 1)).slice(start);
    expect(again!.headers['x-github-delivery']).toBe(guid);
    expect(again!.body.equals(original.body)).toBe(true);
    expect(again!.headers['x-hub-signature-256']).toBe(signature256('second-secret', again!.body));
    const listed = await history(2);
    expect(listed.body[0]).toMatchObject({ guid, redelivery: true });
  });

  it('filters by status and pages by cursor', async () => {
    receiver.script({ status: 500 });
    const start = receiver.received.length;
    await call(`/app/hook/deliveries/${deliveryId}/attempts`, { method: 'POST' });
    await receiver.waitFor(start + 1);
    const failures = await history(1, '?status=failure');
    expect(failures.body.map((d: { status_code: number }) => d.status_code)).toEqual([500]);
    const firstPage = await history(1, '?per_page=1');
    expect(firstPage.body).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(firstPage.headers.get('link') ?? '')![1]!;
    const second = await call(new URL(next).pathname.replace(/^\/api\/v3/, '') + new URL(next).search);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].id).toBeLessThan(firstPage.body[0].id);
    expect((await call('/app/hook/deliveries?cursor=nope')).status).toBe(422);
    // An event name PostgreSQL text cannot hold (NUL) matches nothing, rather than failing the query.
    expect(await call('/app/hook/deliveries?event=in%00stallation')).toMatchObject({ status: 200, body: [] });
  });

  it("another app cannot read or redeliver this app's deliveries", async () => {
    await call('/app/hook/config', { method: 'PATCH', body: { url: 'http://127.0.0.1:9/other' }, as: other });
    expect((await call(`/app/hook/deliveries/${deliveryId}`, { as: other })).status).toBe(404);
    expect((await call(`/app/hook/deliveries/${deliveryId}/attempts`, { method: 'POST', as: other })).status).toBe(404);
    expect((await call('/app/hook/deliveries', { as: other })).body).toEqual([]);
  });

  it("app hooks do not show through a repository's hooks", async () => {
    const hooks = await server.api('/repos/rest-hook-owner/plain/hooks', { token: owner.token });
    expect(await hooks.json()).toEqual([]);
    const viaRepo = await server.api(`/repos/rest-hook-owner/plain/hooks/deliveries/${deliveryId}`, {
      token: owner.token,
    });
    expect(viaRepo.status).toBe(404);
    const [appHook] = await server.sql<{ id: number }[]>`SELECT id FROM hooks WHERE app_id = ${app.app.id}`;
    expect((await server.api(`/repos/rest-hook-owner/plain/hooks/${appHook!.id}`, { token: owner.token })).status).toBe(
      404,
    );
    expect(
      (await server.api(`/repos/rest-hook-owner/plain/hooks/${appHook!.id}/deliveries`, { token: owner.token })).status,
    ).toBe(404);
  });
});
