// The device flow over HTTP: POST /login/device/code and the token endpoint,
// JSON or form-encoded both ways, every error in GitHub's shape (HTTP 200),
// a clock the test moves, and Octokit's own device-flow library end to end.
import { createOAuthDeviceAuth } from '@octokit/auth-oauth-device';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { decideUserCode } from './device-flow.js';
import { createOAuthApp, type OAuthAppRow } from './oauth-apps-store.js';

let server: TestServer;
let alice: TestUser;
let app: OAuthAppRow;
let webOnly: OAuthAppRow;
let webOnlySecret: string;
let clock: number | undefined; // undefined: real time
const now = () => clock ?? Date.now();

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const JSON_HEADERS = { accept: 'application/json' };

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { now });
  alice = await server.createUser('alice');
  ({ app } = await createOAuthApp(server.sql, alice.id, 'CLI', { deviceFlow: true }));
  ({ app: webOnly, clientSecret: webOnlySecret } = await createOAuthApp(server.sql, alice.id, 'Web', {
    callbackUrl: 'https://app.example.com/cb',
  }));
});
afterAll(() => server.close());

function post(path: string, body: Record<string, string>, options: { form?: boolean; json?: boolean } = {}) {
  // Without a JSON Accept (curl's */*) the endpoints answer form-encoded.
  const headers: Record<string, string> = options.json === false ? { accept: '*/*' } : JSON_HEADERS;
  if (options.form) {
    return server.api(path, {
      method: 'POST',
      rawBody: new URLSearchParams(body).toString(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return server.api(path, { method: 'POST', body, headers });
}

describe('POST /login/device/code', () => {
  it('answers JSON to a JSON client and form-encoded otherwise', async () => {
    const json = await post('/login/device/code', { client_id: app.client_id, scope: 'repo user bogus' });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('x-ratelimit-resource')).toBe('oauth');
    expect(await json.json()).toMatchObject({
      verification_uri: `${server.url}/login/device`,
      expires_in: 900,
      interval: 5,
    });

    const form = await post('/login/device/code', { client_id: app.client_id }, { form: true, json: false });
    expect(form.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const fields = new URLSearchParams(await form.text());
    expect(fields.get('user_code')).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(fields.get('interval')).toBe('5');
  });

  it('is 404 for an unknown client and 400 when the app has no device flow', async () => {
    expect((await post('/login/device/code', { client_id: 'nope' })).status).toBe(404);
    const disabled = await post('/login/device/code', { client_id: webOnly.client_id });
    expect(disabled.status).toBe(400);
    expect((await disabled.json()).message).toMatch(/device_flow_disabled/);
  });
});

describe('POST /login/oauth/access_token (device grant)', () => {
  it('walks pending → slow_down → token, once, with the scopes asked for', async () => {
    clock = Date.UTC(2026, 5, 1);
    const code = await (await post('/login/device/code', { client_id: app.client_id, scope: 'repo' })).json();
    const poll = () =>
      post(
        '/login/oauth/access_token',
        { client_id: app.client_id, device_code: code.device_code, grant_type: DEVICE_GRANT },
        { form: true },
      );
    const pending = await poll();
    expect(pending.status).toBe(200);
    expect(await pending.json()).toMatchObject({
      error: 'authorization_pending',
      error_uri: expect.stringContaining('device-flow'),
    });
    clock += 1000;
    expect(await (await poll()).json()).toMatchObject({ error: 'slow_down', interval: 10 });
    expect(await decideUserCode(server.sql, code.user_code, alice.id, true, clock)).toBe('approved');
    clock += 10_000;
    const granted = await (await poll()).json();
    expect(granted).toMatchObject({ token_type: 'bearer', scope: 'repo' });
    expect((await server.api('/user', { token: granted.access_token })).status).toBe(200);
    clock += 10_000;
    expect(await (await poll()).json()).toMatchObject({ error: 'incorrect_device_code' });
    clock = undefined;
  });

  it('says expired_token after 15 minutes and access_denied after a denial', async () => {
    clock = Date.UTC(2026, 5, 2);
    const expiring = await (await post('/login/device/code', { client_id: app.client_id })).json();
    const denied = await (await post('/login/device/code', { client_id: app.client_id })).json();
    await decideUserCode(server.sql, denied.user_code, alice.id, false, clock);
    clock += 900_000;
    const poll = (deviceCode: string) =>
      post('/login/oauth/access_token', {
        client_id: app.client_id,
        device_code: deviceCode,
        grant_type: DEVICE_GRANT,
      });
    expect(await (await poll(expiring.device_code)).json()).toMatchObject({ error: 'expired_token' });
    clock -= 1000;
    expect(await (await poll(denied.device_code)).json()).toMatchObject({ error: 'access_denied' });
    clock = undefined;
  });

  it('answers the client errors with 200 and GitHub’s codes, form-encoded by default', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ client_id: 'nope', device_code: 'x', grant_type: DEVICE_GRANT }, 'incorrect_client_credentials'],
      [{ client_id: webOnly.client_id, device_code: 'x', grant_type: DEVICE_GRANT }, 'device_flow_disabled'],
      [{ client_id: app.client_id, device_code: 'f'.repeat(40), grant_type: DEVICE_GRANT }, 'incorrect_device_code'],
      [{ client_id: app.client_id, grant_type: 'password' }, 'unsupported_grant_type'],
      [{ client_id: webOnly.client_id, client_secret: 'x', code: 'not-issued' }, 'incorrect_client_credentials'],
      [{ client_id: webOnly.client_id, client_secret: webOnlySecret, code: 'not-issued' }, 'bad_verification_code'],
    ];
    for (const [body, error] of cases) {
      const res = await post('/login/oauth/access_token', body, { form: true, json: false });
      expect(res.status).toBe(200);
      expect(new URLSearchParams(await res.text()).get('error'), error).toBe(error);
    }
  });
});

describe('@octokit/auth-oauth-device', () => {
  it('gets a token from Wharf with only baseUrl changed', async () => {
    const auth = createOAuthDeviceAuth({
      clientType: 'oauth-app',
      clientId: app.client_id,
      scopes: ['repo', 'user'],
      request: request.defaults({ baseUrl: `${server.url}/api/v3` }),
      // The user approves on the verification page; here, straight through the store.
      onVerification: async (verification) => {
        expect(verification.verification_uri).toBe(`${server.url}/login/device`);
        await decideUserCode(server.sql, verification.user_code, alice.id, true, Date.now());
      },
    });
    const { token, scopes } = await auth({ type: 'oauth' });
    expect(token).toMatch(/^gho_/);
    // GitHub writes granted scopes comma-separated ("repo,user"); Octokit splits on spaces.
    expect(scopes.join(' ')).toBe('repo,user');
    const me = await request('GET /user', {
      baseUrl: `${server.url}/api/v3`,
      headers: { authorization: `token ${token}` },
    });
    expect(me.data.login).toBe('alice');
  }, 30_000);
});
