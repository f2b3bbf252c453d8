// authorizeUrl and exchangeCode against a live Wharf: the URL the helper builds
// is followed by a signed-in user (session cookie) who approves on the consent
// page; the code from the redirect is exchanged with and without PKCE.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { createOAuthApp, type OAuthAppRow } from '../../server/oauth/oauth-apps-store.js';
import { signInWithPassword } from '../../server/test-support/web-sign-in.js';
import { authorizeUrl, exchangeCode, WharfAuthError } from '../src/auth/index.js';

const CALLBACK = 'https://app.example.com/callback';
let server: TestServer;
let alice: TestUser;
let app: OAuthAppRow;
let secret: string;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  ({ app, clientSecret: secret } = await createOAuthApp(server.sql, alice.id, 'SDK Web App', {
    callbackUrl: CALLBACK,
  }));
  cookie = await signInWithPassword(server, alice);
});
afterAll(() => server.close());

/** What the browser does: open the URL signed in, press Authorize; returns where it is sent back to. */
async function approve(url: string): Promise<URL> {
  const consent = await fetch(url, { redirect: 'manual', headers: { cookie } });
  expect(consent.status).toBe(200);
  const html = await consent.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
  const res = await fetch(`${server.url}/login/oauth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

const exchange = (code: string, extra: Partial<Parameters<typeof exchangeCode>[0]> = {}) =>
  exchangeCode({ baseUrl: server.url, clientId: app.client_id, clientSecret: secret, code, ...extra });

describe('authorizeUrl', () => {
  it('builds a URL the server accepts, with a random state, on the server root even from /api/v3', async () => {
    const built = await authorizeUrl({
      baseUrl: `${server.url}/api/v3`,
      clientId: app.client_id,
      redirectUri: `${CALLBACK}/sub`,
      scopes: ['repo', 'user'],
    });
    expect(built.url.startsWith(`${server.url}/login/oauth/authorize?`)).toBe(true);
    expect(built.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(built.codeVerifier).toBeUndefined();
    expect((await authorizeUrl({ baseUrl: server.url, clientId: app.client_id })).state).not.toBe(built.state);
    const back = await approve(built.url);
    expect(back.origin + back.pathname).toBe(`${CALLBACK}/sub`);
    expect(back.searchParams.get('state')).toBe(built.state);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('adds an S256 challenge of a random verifier with pkce: true, keeping a given state', async () => {
    const built = await authorizeUrl({ baseUrl: server.url, clientId: app.client_id, state: 'given', pkce: true });
    expect(built.state).toBe('given');
    expect(built.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const query = new URL(built.url).searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toBe(createHash('sha256').update(built.codeVerifier!).digest('base64url'));
  });
});

describe('exchangeCode', () => {
  it('exchanges a code without PKCE for a working token, once; a reused code is bad_verification_code', async () => {
    const built = await authorizeUrl({
      baseUrl: server.url,
      clientId: app.client_id,
      redirectUri: `${CALLBACK}/sub`,
      scopes: ['repo', 'user'],
    });
    const code = (await approve(built.url)).searchParams.get('code')!;
    const token = await exchange(code, { redirectUri: `${CALLBACK}/sub`, baseUrl: `${server.url}/api/v3` });
    expect(token).toMatchObject({ tokenType: 'bearer', scopes: ['repo', 'user'] });
    const me = await server.api('/user', { token: token.accessToken });
    expect(((await me.json()) as { login: string }).login).toBe('alice');
    const reused = exchange(code);
    await expect(reused).rejects.toBeInstanceOf(WharfAuthError);
    await expect(reused).rejects.toMatchObject({
      status: 200,
      code: 'bad_verification_code',
      documentationUrl: expect.stringContaining('docs.github.com'),
    });
  });

  it('exchanges a PKCE code only with its verifier', async () => {
    const built = await authorizeUrl({ baseUrl: server.url, clientId: app.client_id, pkce: true });
    const code = (await approve(built.url)).searchParams.get('code')!;
    // A wrong or missing verifier is refused without spending the code.
    await expect(exchange(code)).rejects.toMatchObject({ code: 'bad_verification_code' });
    await expect(exchange(code, { codeVerifier: 'x'.repeat(43) })).rejects.toMatchObject({
      code: 'bad_verification_code',
    });
    const token = await exchange(code, { codeVerifier: built.codeVerifier! });
    expect(token.accessToken).toMatch(/^gho_/);
    expect(token.scopes).toEqual([]);
  });

  it('reports a wrong client secret and a different redirect_uri with their codes', async () => {
    const built = await authorizeUrl({ baseUrl: server.url, clientId: app.client_id, redirectUri: `${CALLBACK}/a` });
    const code = (await approve(built.url)).searchParams.get('code')!;
    await expect(exchange(code, { clientSecret: 'wrong' })).rejects.toMatchObject({
      code: 'incorrect_client_credentials',
      message: expect.stringMatching(/^incorrect_client_credentials: /),
    });
    await expect(exchange(code, { redirectUri: `${CALLBACK}/b` })).rejects.toMatchObject({
      code: 'redirect_uri_mismatch',
    });
    expect((await exchange(code, { redirectUri: `${CALLBACK}/a` })).accessToken).toMatch(/^gho_/);
  });
});
