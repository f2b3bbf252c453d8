// The OAuth web flow over HTTP: authorize → (sign in) → consent → redirect with
// code and state → code exchange (client secret, redirect_uri, PKCE S256),
// single use, 10-minute codes (a clock the test moves), denial, redirect-URI
// refusals that never redirect, and @octokit/oauth-methods and
// @octokit/auth-oauth-app end to end.
import { createHash, randomBytes } from 'node:crypto';
import { createOAuthAppAuth } from '@octokit/auth-oauth-app';
import { exchangeWebFlowCode } from '@octokit/oauth-methods';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { signInWithPassword } from '../test-support/web-sign-in.js';
import { createOAuthApp, type OAuthAppRow } from './oauth-apps-store.js';

const CALLBACK = 'https://app.example.com/callback';
let server: TestServer;
let alice: TestUser;
let app: OAuthAppRow;
let secret: string;
let cookie: string;
let clock: number | undefined;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { now: () => clock ?? Date.now() });
  alice = await server.createUser('alice');
  ({ app, clientSecret: secret } = await createOAuthApp(server.sql, alice.id, 'Example App', {
    callbackUrl: CALLBACK,
  }));
  cookie = await signInWithPassword(server, alice);
});
afterAll(() => server.close());

const page = (path: string, withCookie = true) =>
  fetch(server.url + path, { redirect: 'manual', headers: withCookie ? { cookie } : {} });

/** Authorize and approve on the consent page; returns the redirect's URL. */
async function approve(params: Record<string, string>, decision = 'approve'): Promise<URL> {
  const consent = await page(`/login/oauth/authorize?${new URLSearchParams({ client_id: app.client_id, ...params })}`);
  expect(consent.status).toBe(200);
  expect(consent.headers.get('content-security-policy')).toContain("form-action 'self' https://app.example.com");
  const html = await consent.text();
  expect(html).toContain('Example App');
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
    body: new URLSearchParams({ ...fields, decision }).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function exchange(fields: Record<string, string>) {
  const res = await server.api('/login/oauth/access_token', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: { client_id: app.client_id, client_secret: secret, ...fields },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, string>;
}

describe('GET /login/oauth/authorize', () => {
  it('shows the sign-in form to a visitor, coming back to the same authorization', async () => {
    const res = await page(`/login/oauth/authorize?client_id=${app.client_id}&state=s1`, false);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="password"');
    expect(html).toContain(`value="/login/oauth/authorize?client_id=${app.client_id}&amp;state=s1"`);
  });

  it('refuses an unknown app or a redirect_uri that does not fit, without redirecting', async () => {
    for (const query of [
      'client_id=nope',
      `client_id=${app.client_id}&redirect_uri=https%3A%2F%2Fevil.example.com%2Fcallback`,
    ]) {
      const res = await page(`/login/oauth/authorize?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });
});

describe('code exchange', () => {
  it('redirects with code and state; the code gives a token once', async () => {
    const back = await approve({ state: 'xyz', scope: 'repo user', redirect_uri: `${CALLBACK}/sub` });
    expect(back.origin + back.pathname).toBe(`${CALLBACK}/sub`);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;
    expect(await exchange({ code, redirect_uri: CALLBACK })).toMatchObject({ error: 'redirect_uri_mismatch' });
    const token = await exchange({ code, redirect_uri: `${CALLBACK}/sub` });
    expect(token).toMatchObject({ token_type: 'bearer', scope: 'repo,user' });
    expect((await server.api('/user', { token: token.access_token })).status).toBe(200);
    expect(await exchange({ code })).toMatchObject({ error: 'bad_verification_code' });
  });

  it('checks the client secret and the PKCE verifier', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = (await approve({ code_challenge: challenge, code_challenge_method: 'S256' })).searchParams.get(
      'code',
    )!;
    expect(await exchange({ code, client_secret: 'wrong' })).toMatchObject({ error: 'incorrect_client_credentials' });
    expect(await exchange({ code, code_verifier: 'not-the-verifier' })).toMatchObject({
      error: 'bad_verification_code',
    });
    const again = (await approve({ code_challenge: challenge, code_challenge_method: 'S256' })).searchParams.get(
      'code',
    )!;
    expect(await exchange({ code: again, code_verifier: verifier })).toMatchObject({ token_type: 'bearer' });
  });

  it('lets a code expire after 10 minutes', async () => {
    clock = Date.now();
    const code = (await approve({})).searchParams.get('code')!;
    clock += 10 * 60_000;
    expect(await exchange({ code })).toMatchObject({ error: 'bad_verification_code' });
    clock = undefined;
  });

  it('treats a client_id with NUL as unknown (400 page, token endpoint error), never a 500', async () => {
    const res = await page('/login/oauth/authorize?client_id=Iv1%00x&state=s');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Unknown application');
    const token = await server.api('/login/oauth/access_token', {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: { client_id: 'a\u0000b', client_secret: 'x', code: 'y' },
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { error: string }).error).toBe('incorrect_client_credentials');
  });

  it('redirects a denial with error=access_denied and the state', async () => {
    const back = await approve({ state: 'no-thanks' }, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('no-thanks');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('works with @octokit/oauth-methods (baseUrl changed only)', async () => {
    const code = (await approve({ scope: 'repo' })).searchParams.get('code')!;
    const { authentication } = await exchangeWebFlowCode({
      clientType: 'oauth-app',
      clientId: app.client_id,
      clientSecret: secret,
      code,
      request: request.defaults({ baseUrl: `${server.url}/api/v3` }),
    });
    expect(authentication.token).toMatch(/^gho_/);
  });

  it('works with @octokit/auth-oauth-app: the code becomes a user token with the granted scopes', async () => {
    const code = (await approve({ scope: 'repo user', state: 'octo' })).searchParams.get('code')!;
    const auth = createOAuthAppAuth({
      clientType: 'oauth-app',
      clientId: app.client_id,
      clientSecret: secret,
      request: request.defaults({ baseUrl: server.url }),
    });
    const user = await auth({ type: 'oauth-user', code, state: 'octo' });
    // GitHub's `scope` is comma-separated, and Octokit splits on whitespace only:
    // against GitHub too it reports one entry `repo,user`.
    expect(user).toMatchObject({ tokenType: 'oauth', clientType: 'oauth-app', scopes: ['repo,user'] });
    const me = await server.api('/user', { token: user.token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { login: string }).login).toBe('alice');
    // A used code is refused the second time, through the library as well.
    await expect(auth({ type: 'oauth-user', code })).rejects.toThrow(/bad_verification_code|incorrect or expired/);
  });
});
