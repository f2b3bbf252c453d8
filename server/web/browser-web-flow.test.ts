// The OAuth web flow in a real browser (Chromium, pages as served, no
// scripts): the app sends the user to /login/oauth/authorize, the user signs
// in, reads the consent page and approves or cancels, and the browser lands on
// the app's callback; the app then trades the code with Octokit's
// oauth-methods, with only the base URL changed.
import { createHash, randomBytes } from 'node:crypto';
import { exchangeWebFlowCode } from '@octokit/oauth-methods';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthApp, type OAuthAppRow } from '../oauth/oauth-apps-store.js';
import { heading, submitSignIn, useBrowser } from '../test-support/browser.js';
import { startCallbackReceiver, type CallbackReceiver } from '../test-support/callback-receiver.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { hashPassword } from './password-hash.js';

const PASSWORD = 'correct horse battery staple';
const browser = useBrowser();
let server: TestServer;
let callback: CallbackReceiver;
let app: OAuthAppRow;
let clientSecret: string;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  callback = await startCallbackReceiver();
  const alice = await server.createUser('alice');
  await server.sql`UPDATE accounts SET password_hash = ${await hashPassword(PASSWORD)} WHERE id = ${alice.id}`;
  ({ app, clientSecret } = await createOAuthApp(server.sql, alice.id, 'Example App', { callbackUrl: callback.url }));
});
afterAll(async () => {
  await callback?.close();
  await server?.close();
});

const octokitRequest = (extra: Record<string, string> = {}) =>
  request.defaults({ baseUrl: `${server.url}/api/v3`, ...extra });

/**
 * What a person does: open the app's authorize link, sign in, check the
 * consent page, press a button. Resolves with the URL the app's callback got.
 */
async function authorizeInBrowser(
  params: Record<string, string>,
  button: 'Authorize Example App' | 'Cancel',
): Promise<URL> {
  const { page } = browser;
  const query = new URLSearchParams({ client_id: app.client_id, redirect_uri: callback.url, scope: 'repo', ...params });
  await page.goto(`${server.url}/login/oauth/authorize?${query}`);
  expect(await heading(page)).toBe('Sign in to Wharf');
  expect((await submitSignIn(page, 'alice', PASSWORD)).status()).toBe(303);

  // Back on the same authorization, now signed in: the consent page.
  expect(await heading(page)).toBe('Authorize Example App');
  const consent = await page.getByRole('main').innerText();
  expect(consent).toContain('Example App wants to access your account alice');
  expect(consent).toContain(`You will be sent to ${new URL(callback.url).origin}`);
  expect(await page.getByRole('listitem').allInnerTexts()).toEqual(['repo']);

  const before = callback.received.length;
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.href.startsWith(callback.url));
  expect(await heading(page)).toBe('Back at Example App');
  expect(callback.received).toHaveLength(before + 1);
  return callback.received.at(-1)!;
}

async function expectTokenWorks(token: string, scopes: string): Promise<void> {
  const me = await server.api('/user', { token });
  expect(me.status).toBe(200);
  expect((await me.json()).login).toBe('alice');
  expect(me.headers.get('x-oauth-scopes')).toBe(scopes);
}

describe('web flow in Chromium', () => {
  it('signs in, approves, and the app gets a code with its state that Octokit exchanges for a working token', async () => {
    const state = randomBytes(8).toString('hex');
    const back = await authorizeInBrowser({ state }, 'Authorize Example App');
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    const { authentication } = await exchangeWebFlowCode({
      clientType: 'oauth-app',
      clientId: app.client_id,
      clientSecret,
      code: code!,
      redirectUrl: callback.url,
      request: octokitRequest(),
    });
    expect(authentication.token).toMatch(/^gho_/);
    expect(authentication.scopes).toEqual(['repo']);
    await expectTokenWorks(authentication.token, 'repo');
  });

  it('with PKCE (S256), the code is useless without the verifier and works with it', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const back = await authorizeInBrowser(
      { state: 'pkce-state', code_challenge: challenge, code_challenge_method: 'S256' },
      'Authorize Example App',
    );
    expect(back.searchParams.get('state')).toBe('pkce-state');
    const code = back.searchParams.get('code')!;
    const exchange = (extra: Record<string, string>) =>
      exchangeWebFlowCode({
        clientType: 'oauth-app',
        clientId: app.client_id,
        clientSecret,
        code,
        request: octokitRequest(extra),
      });

    // Someone who intercepted the redirect has the code but not the verifier.
    await expect(exchange({})).rejects.toThrow(/bad_verification_code/);
    // exchangeWebFlowCode has no code_verifier option; an extra request parameter is sent in the body.
    const { authentication } = await exchange({ code_verifier: verifier });
    await expectTokenWorks(authentication.token, 'repo');
  });

  it('cancelling sends the user back with error=access_denied and the state, and no code', async () => {
    const back = await authorizeInBrowser({ state: 'declined' }, 'Cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('declined');
    expect(back.searchParams.get('code')).toBeNull();
  });
});
