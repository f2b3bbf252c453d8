// The device flow and sign-in in a real browser (Chromium, pages as served):
// Octokit's device client shows a code and keeps polling while the user signs
// in at the verification URI, types the code, checks the app and its scopes
// and approves (or cancels); the waiting client then gets its token (or the
// refusal). Also what a failed sign-in and signing out look like, and the
// pages' security headers and cookie as the browser sees them.
import { createOAuthDeviceAuth } from '@octokit/auth-oauth-device';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthApp, type OAuthAppRow } from '../oauth/oauth-apps-store.js';
import { heading, submitSignIn, useBrowser } from '../test-support/browser.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { hashPassword } from './password-hash.js';

const PASSWORD = 'correct horse battery staple';
const browser = useBrowser();
let server: TestServer;
let app: OAuthAppRow;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  await server.sql`UPDATE accounts SET password_hash = ${await hashPassword(PASSWORD)} WHERE id = ${alice.id}`;
  ({ app } = await createOAuthApp(server.sql, alice.id, 'Octo CLI', { deviceFlow: true }));
});
afterAll(() => server?.close());

interface Verification {
  verification_uri: string;
  user_code: string;
}

/**
 * Starts Octokit's device client as a CLI would. The token endpoint's answers
 * are recorded, and `firstPending` resolves once the client has been told to
 * keep waiting, so the test can show the approval happens while it polls.
 */
function startDeviceClient() {
  const answers: string[] = [];
  let pending!: () => void;
  let shown!: (v: Verification) => void;
  const firstPending = new Promise<void>((resolve) => (pending = resolve));
  const verification = new Promise<Verification>((resolve) => (shown = resolve));
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (String(input).endsWith('/login/oauth/access_token')) {
      const { error } = (await response.clone().json()) as { error?: string };
      answers.push(error ?? 'token');
      if (error === 'authorization_pending') pending();
    }
    return response;
  };
  const auth = createOAuthDeviceAuth({
    clientType: 'oauth-app',
    clientId: app.client_id,
    scopes: ['repo', 'user'],
    request: request.defaults({ baseUrl: `${server.url}/api/v3`, request: { fetch: recordingFetch } }),
    // Returning at once lets the client start polling while the person is still in the browser.
    onVerification: (v) => shown(v),
  });
  const result = auth({ type: 'oauth' });
  result.catch(() => undefined); // awaited by the test; this only keeps an early failure from being "unhandled"
  return { answers, firstPending, verification, result };
}

/** Sign in at the verification URI, type the code, and reach the page naming the app and scopes. */
async function enterCode({ verification_uri, user_code }: Verification): Promise<void> {
  const { page } = browser;
  await page.goto(verification_uri);
  expect(await heading(page)).toBe('Sign in to Wharf');
  expect((await submitSignIn(page, 'alice', PASSWORD)).status()).toBe(303);
  expect(await heading(page)).toBe('Device activation');
  await page.getByLabel('Enter the code displayed on your device').fill(user_code);
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await heading(page)).toBe('Authorize device');
  expect(await page.getByRole('main').innerText()).toContain('Octo CLI wants to access your account alice');
  expect(await page.getByRole('listitem').allInnerTexts()).toEqual(['repo', 'user']);
}

describe('device flow in Chromium', () => {
  it('the polling client receives a working token once the user approves the code', async () => {
    const client = startDeviceClient();
    const verification = await client.verification;
    expect(verification.verification_uri).toBe(`${server.url}/login/device`);
    await enterCode(verification);

    await client.firstPending;
    await browser.page.getByRole('button', { name: 'Authorize Octo CLI' }).click();
    expect(await heading(browser.page)).toBe('Device connected');
    expect(await browser.page.getByRole('status').innerText()).toContain('Your device is now connected');

    const { token } = await client.result;
    expect(token).toMatch(/^gho_/);
    // It waited (pending) and kept to the interval (no slow_down) until the approval.
    expect(client.answers[0]).toBe('authorization_pending');
    expect(client.answers.at(-1)).toBe('token');
    expect(client.answers).not.toContain('slow_down');
    const me = await request('GET /user', {
      baseUrl: `${server.url}/api/v3`,
      headers: { authorization: `token ${token}` },
    });
    expect(me.data.login).toBe('alice');
    expect(me.headers['x-oauth-scopes']).toBe('repo, user');
  }, 45_000);

  it('the polling client is refused with access_denied when the user cancels', async () => {
    const client = startDeviceClient();
    await enterCode(await client.verification);
    await client.firstPending;
    await browser.page.getByRole('button', { name: 'Cancel' }).click();
    expect(await heading(browser.page)).toBe('Access denied');
    await expect(client.result).rejects.toThrow(/access_denied/);
  }, 45_000);
});

describe('sign-in in Chromium', () => {
  it('a wrong password shows an error, keeps the username, and leaves no session', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/login`);
    expect((await submitSignIn(page, 'alice', 'not the password')).status()).toBe(401);
    expect(await page.getByRole('alert').innerText()).toBe('Incorrect username or password.');
    expect(await page.getByLabel('Username').inputValue()).toBe('alice');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('wharf_session');
    // Still a visitor: the device page sends the browser to sign in.
    await page.goto(`${server.url}/login/device`);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await heading(page)).toBe('Sign in to Wharf');
  });

  it('signed-in pages cannot be framed and the session cookie is out of scripts’ reach', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/login`);
    await submitSignIn(page, 'alice', PASSWORD);
    const response = await page.goto(`${server.url}/login/device`);
    expect(await heading(page)).toBe('Device activation');
    const headers = response!.headers();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    const session = (await context.cookies()).find((c) => c.name === 'wharf_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('signing out ends the session', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/login`);
    await submitSignIn(page, 'alice', PASSWORD);
    expect(await page.getByRole('main').innerText()).toContain('Signed in as alice.');
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await heading(page)).toBe('Sign in to Wharf');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('wharf_session');
    await page.goto(`${server.url}/login/device`);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
