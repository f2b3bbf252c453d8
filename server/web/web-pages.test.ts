// The browser side of the device flow over real HTTP (no browser yet): sign
// in with a password set by `wharf admin set-password`, enter a device's code,
// approve or deny with the session's CSRF token; plus the cookie's
// attributes, login rate limits and the open-redirect guard.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { createOAuthApp, type OAuthAppRow } from '../oauth/oauth-apps-store.js';
import { LOGIN_ATTEMPTS_PER_ACCOUNT } from './login-page.js';

const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;
const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let alice: TestUser;
let app: OAuthAppRow;

function setPassword(login: string, password: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'admin', 'set-password', login], {
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        WHARF_DATA_DIR: server.dataDir,
        WHARF_LOG_LEVEL: 'warn',
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(`${password}\n`);
  });
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  ({ app } = await createOAuthApp(server.sql, alice.id, 'Octo CLI', { deviceFlow: true }));
  const set = await setPassword('alice', PASSWORD);
  expect(set.code).toBe(0);
  expect(JSON.parse(set.stdout)).toEqual({ login: 'alice', password_set: true });
}, 60_000);
afterAll(() => server.close());

const page = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });
const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
});

async function signIn(login = 'alice', password = PASSWORD, returnTo = '/login/device'): Promise<Response> {
  return page('/login', form({ login, password, return_to: returnTo }));
}

async function sessionCookie(): Promise<string> {
  const res = await signIn();
  expect(res.status).toBe(303);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function deviceCode() {
  const res = await server.api('/login/device/code', {
    method: 'POST',
    body: { client_id: app.client_id, scope: 'repo' },
    headers: { accept: 'application/json' },
  });
  return (await res.json()) as { device_code: string; user_code: string };
}

const poll = async (code: string) =>
  (await (
    await server.api('/login/oauth/access_token', {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: { client_id: app.client_id, device_code: code, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' },
    })
  ).json()) as Record<string, string>;

describe('sign-in', () => {
  it('shows an accessible form and sets a secure session cookie on success', async () => {
    const get = await page('/login');
    expect(get.status).toBe(200);
    expect(get.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await get.text();
    expect(html).toContain('<label for="password">');
    expect(html).not.toContain('<script');
    const res = await signIn();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login/device');
    expect(res.headers.get('set-cookie')).toMatch(
      /^wharf_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
  });

  it('refuses a wrong password without saying which part was wrong, and never redirects off-site', async () => {
    for (const [login, password] of [
      ['alice', 'wrong password'],
      ['nobody', PASSWORD],
    ]) {
      const res = await signIn(login, password);
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('Incorrect username or password.');
    }
    for (const returnTo of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com']) {
      expect((await signIn('alice', PASSWORD, returnTo)).headers.get('location')).toBe('/login');
    }
  });

  it('rate-limits attempts per account', async () => {
    await server.createUser('mallory-target');
    let last: Response | undefined;
    for (let i = 0; i <= LOGIN_ATTEMPTS_PER_ACCOUNT; i++) last = await signIn('mallory-target', `guess ${i}`);
    expect(last!.status).toBe(429);
  });
});

describe('/login/device', () => {
  it('sends a visitor without a session to sign in first, keeping the code', async () => {
    const res = await page('/login/device?user_code=ABCD-EFGH');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?return_to=%2Flogin%2Fdevice%3Fuser_code%3DABCD-EFGH');
  });

  it('approves a device: the waiting client gets its token', async () => {
    const cookie = await sessionCookie();
    const code = await deviceCode();
    expect(await poll(code.device_code)).toMatchObject({ error: 'authorization_pending' });
    const confirm = await page(`/login/device?user_code=${code.user_code.toLowerCase()}`, { headers: { cookie } });
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('Octo CLI');
    expect(html).toContain('<code>repo</code>');
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await page('/login/device', form({ csrf, user_code: code.user_code, decision: 'approve' }, cookie));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Device connected');
    await new Promise((resolve) => setTimeout(resolve, 5000)); // the client's polling interval
    expect(await poll(code.device_code)).toMatchObject({ token_type: 'bearer', scope: 'repo' });
  }, 20_000);

  it('refuses a decision without the session’s CSRF token, and records a denial', async () => {
    const cookie = await sessionCookie();
    const code = await deviceCode();
    const forged = await page(
      '/login/device',
      form({ csrf: 'forged', user_code: code.user_code, decision: 'approve' }, cookie),
    );
    expect(forged.status).toBe(403);
    const html = await (await page(`/login/device?user_code=${code.user_code}`, { headers: { cookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const denied = await page('/login/device', form({ csrf, user_code: code.user_code, decision: 'deny' }, cookie));
    expect(await denied.text()).toContain('Access denied');
    expect(await poll(code.device_code)).toMatchObject({ error: 'access_denied' });
    const unknown = await page('/login/device?user_code=ZZZZ-ZZZZ', { headers: { cookie } });
    expect(unknown.status).toBe(404);
  });
});
