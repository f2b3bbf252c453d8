// /settings/applications over real HTTP: a signed-in user registers OAuth apps
// through the form; the client secret shown once completes a web-flow code
// exchange, the device flow answers for an app that enabled it (400 for one
// that did not), the list shows only the user's own apps and never a secret,
// and refused or forged forms register nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthApp } from '../oauth/oauth-apps-store.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { signInForForm } from '../test-support/web-sign-in.js';

const CALLBACK = 'https://app.example.com/callback';
let server: TestServer;
let alice: TestUser;
let cookie: string;
let csrf: string;

const page = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });
const get = (path: string) => page(path, { headers: { cookie } });
const post = (path: string, fields: Record<string, string>, withCookie = true) =>
  page(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie } : {}) },
  });
const appCount = async () => Number((await server.sql`SELECT count(*) AS n FROM oauth_apps`)[0]!.n);

/** Registers an app through the form; returns what the answer shows once. */
async function register(fields: Record<string, string>): Promise<{ clientId: string; secret: string; html: string }> {
  const res = await post('/settings/applications/new', { csrf, ...fields });
  expect(res.status).toBe(201);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const html = await res.text();
  expect(html).toContain('You won’t be able to see it again!');
  return {
    clientId: /id="client_id" readonly value="([^"]+)"/.exec(html)![1]!,
    secret: /id="client_secret" [^>]*value="([0-9a-f]{40})"/.exec(html)![1]!,
    html,
  };
}

const deviceCode = (clientId: string) =>
  server.api('/login/device/code', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: { client_id: clientId, scope: 'repo' },
  });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  ({ cookie, csrf } = await signInForForm(server, alice, '/settings/applications/new'));
}, 60_000);
afterAll(() => server.close());

describe('signed out', () => {
  it('sends the visitor to sign in and back, and registers nothing', async () => {
    expect((await page('/settings/applications')).headers.get('location')).toBe(
      '/login?return_to=%2Fsettings%2Fapplications',
    );
    for (const res of [
      await page('/settings/applications/new'),
      await post('/settings/applications/new', { name: 'x', callback_url: CALLBACK }, false),
    ]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?return_to=%2Fsettings%2Fapplications%2Fnew');
    }
    expect(await appCount()).toBe(0);
  });
});

describe('registering an OAuth app', () => {
  it('offers an accessible form without scripts, linked from the tokens page', async () => {
    const res = await get('/settings/applications/new');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    for (const label of ['<label for="name">', '<label for="callback_url">', '<legend>Device flow</legend>'])
      expect(html).toContain(label);
    expect(html).toContain('<a href="/settings/tokens">');
    expect(await (await get('/settings/tokens')).text()).toContain('<a href="/settings/applications">');
  });

  it('registers a device-flow app: the device flow answers, the secret works once shown, the list never shows it', async () => {
    const { clientId, secret, html } = await register({ name: 'Octo <CLI>', callback_url: CALLBACK, device_flow: '1' });
    expect(clientId).toMatch(/^Ov23li[A-Za-z0-9]{14}$/);
    expect(html).toContain('Registered Octo &lt;CLI&gt;');
    const [row] = await server.sql<
      { owner_id: number; callback_url: string; device_flow_enabled: boolean }[]
    >`SELECT owner_id, callback_url, device_flow_enabled FROM oauth_apps WHERE client_id = ${clientId}`;
    expect(row).toEqual({ owner_id: alice.id, callback_url: CALLBACK, device_flow_enabled: true });

    const device = await deviceCode(clientId);
    expect(device.status).toBe(200);
    expect(await device.json()).toMatchObject({
      device_code: expect.any(String),
      user_code: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/),
    });

    // The web flow end to end: consent, then the code exchanged with the secret from the page.
    const consent = await get(`/login/oauth/authorize?client_id=${clientId}&state=s1&scope=repo`);
    expect(consent.status).toBe(200);
    const hidden = Object.fromEntries(
      [...(await consent.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, '&'),
      ]),
    );
    const approved = await post('/login/oauth/consent', { ...hidden, decision: 'approve' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const exchange = async (clientSecret: string) =>
      (await (
        await server.api('/login/oauth/access_token', {
          method: 'POST',
          headers: { accept: 'application/json' },
          body: { client_id: clientId, client_secret: clientSecret, code },
        })
      ).json()) as Record<string, string>;
    expect(await exchange('0'.repeat(40))).toMatchObject({ error: 'incorrect_client_credentials' });
    const token = await exchange(secret);
    expect(token).toMatchObject({ token_type: 'bearer', scope: 'repo' });
    expect((await server.api('/user', { token: token.access_token! })).status).toBe(200);

    const list = await get('/settings/applications');
    expect(list.status).toBe(200);
    const listed = await list.text();
    expect(listed).toContain(`<code>${clientId}</code>`);
    expect(listed).toContain('Octo &lt;CLI&gt;');
    expect(listed).toContain(`<code>${CALLBACK}</code>`);
    expect(listed).toContain('Device flow: on');
    expect(listed).not.toContain(secret);
  });

  it('registers an app without the device flow: the device flow answers 400', async () => {
    const { clientId } = await register({ name: 'Web only', callback_url: 'http://127.0.0.1:8080/cb' });
    expect((await deviceCode(clientId)).status).toBe(400);
    expect(await (await get('/settings/applications')).text()).toMatch(/Web only<\/strong>[\s\S]*?Device flow: off/);
  });

  it('lists only the signed-in user’s apps', async () => {
    const bob = await server.createUser('bob');
    const { app } = await createOAuthApp(server.sql, bob.id, 'Bob’s app', { callbackUrl: CALLBACK });
    const listed = await (await get('/settings/applications')).text();
    expect(listed).not.toContain(app.client_id);
    expect(listed).not.toContain('Bob’s app');
  });

  it('refuses invalid forms with 422 and a message, keeping what was typed and registering nothing', async () => {
    const before = await appCount();
    const cases: [Record<string, string>, string][] = [
      [{ name: ' ', callback_url: CALLBACK }, 'Application name can’t be blank'],
      [{ name: 'x'.repeat(101), callback_url: CALLBACK }, 'Application name is too long'],
      [{ name: 'No callback', callback_url: '' }, 'Authorization callback URL can’t be blank'],
      ...['ftp://example.com/cb', 'not a url', 'http:example.com', 'https://', 'javascript:alert(1)'].map(
        (url): [Record<string, string>, string] => [
          { name: 'Bad callback', callback_url: url },
          'must be an absolute http:// or https:// URL',
        ],
      ),
    ];
    for (const [fields, message] of cases) {
      const res = await post('/settings/applications/new', { csrf, ...fields });
      expect(res.status, fields.callback_url).toBe(422);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>[^<]*${message}`));
      expect(html).toContain('aria-invalid="true"');
    }
    const kept = await (
      await post('/settings/applications/new', { csrf, name: 'Keep <me>', callback_url: 'ftp://x', device_flow: '1' })
    ).text();
    expect(kept).toContain('value="Keep &lt;me&gt;"');
    expect(kept).toContain('value="ftp://x"');
    expect(kept).toContain('name="device_flow" value="1" checked');
    expect(await appCount()).toBe(before);
  });

  it('refuses a form without the session’s CSRF token (403) and registers nothing', async () => {
    const before = await appCount();
    for (const fields of [{}, { csrf: 'forged' }] as Record<string, string>[]) {
      const res = await post('/settings/applications/new', { ...fields, name: 'Forged', callback_url: CALLBACK });
      expect(res.status).toBe(403);
    }
    expect(await appCount()).toBe(before);
  });
});
