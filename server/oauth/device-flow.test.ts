// The device flow's state machine against a real database, with a clock
// passed in: pending, slow_down (+5 s, returned), approval → one token with
// the requested scopes, denial (final), expiry, and unknown or reused codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import {
  decideUserCode,
  normalizeUserCode,
  pollDeviceCode,
  requestDeviceCode,
  DEVICE_CODE_LIFETIME_S,
} from './device-flow.js';
import { clientSecretMatches, createOAuthApp, oauthAppByClientId, type OAuthAppRow } from './oauth-apps-store.js';

let server: TestServer;
let alice: TestUser;
let app: OAuthAppRow;
const T0 = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  ({ app } = await createOAuthApp(server.sql, alice.id, 'CLI tool', { deviceFlow: true }));
});
afterAll(() => server.close());

describe('OAuth apps', () => {
  it('keep only a digest of the client secret and check it in constant time', async () => {
    const { app: created, clientSecret } = await createOAuthApp(server.sql, alice.id, 'web app', {
      callbackUrl: 'https://app.example.com/cb',
    });
    expect(created.client_id).toMatch(/^Ov23li[A-Za-z0-9]{14}$/);
    expect(clientSecret).toMatch(/^[0-9a-f]{40}$/);
    const [row] = await server.sql`SELECT * FROM oauth_apps WHERE id = ${created.id}`;
    expect(JSON.stringify(row)).not.toContain(clientSecret);
    const found = (await oauthAppByClientId(server.sql, created.client_id))!;
    expect(clientSecretMatches(found, clientSecret)).toBe(true);
    expect(clientSecretMatches(found, clientSecret.replace(/.$/, 'x'))).toBe(false);
    expect(clientSecretMatches(found, undefined)).toBe(false);
  });
});

describe('device flow', () => {
  it('hands out codes in GitHub’s shape', async () => {
    const auth = await requestDeviceCode(server.sql, app, ['repo'], T0);
    expect(auth).toMatchObject({ expires_in: 900, interval: 5 });
    expect(auth.user_code).toMatch(/^[BCDFGHJKMNPQRSTVWXZ2-9]{4}-[BCDFGHJKMNPQRSTVWXZ2-9]{4}$/);
    expect(auth.device_code).toMatch(/^[0-9a-f]{40}$/);
    expect(normalizeUserCode(auth.user_code.toLowerCase().replace('-', ''))).toBe(auth.user_code);
  });

  it('is pending, slows down a client that polls too fast, then gives the token once', async () => {
    const auth = await requestDeviceCode(server.sql, app, ['repo', 'user'], T0);
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0)).toEqual({ error: 'authorization_pending' });
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0 + 2_000)).toEqual({
      error: 'slow_down',
      interval: 10,
    });
    // The new interval counts from the last poll.
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0 + 9_000)).toEqual({
      error: 'slow_down',
      interval: 15,
    });
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0 + 24_000)).toEqual({
      error: 'authorization_pending',
    });

    expect(await decideUserCode(server.sql, auth.user_code, alice.id, true, T0 + 30_000)).toBe('approved');
    const result = await pollDeviceCode(server.sql, app, auth.device_code, T0 + 40_000);
    expect(result).toMatchObject({ token: { token_type: 'bearer', scope: 'repo,user' } });
    const token = (result as { token: { access_token: string } }).token.access_token;
    expect(token).toMatch(/^gho_/);
    const me = await server.api('/user', { token });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-oauth-scopes')).toBe('repo, user');
    // Once only.
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0 + 50_000)).toEqual({
      error: 'incorrect_device_code',
    });
  });

  it('answers access_denied for good once the user denies', async () => {
    const auth = await requestDeviceCode(server.sql, app, [], T0);
    expect(await decideUserCode(server.sql, auth.user_code, alice.id, false, T0 + 1000)).toBe('denied');
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0 + 10_000)).toEqual({ error: 'access_denied' });
    expect(await pollDeviceCode(server.sql, app, auth.device_code, T0 + 20_000)).toEqual({ error: 'access_denied' });
    expect(await decideUserCode(server.sql, auth.user_code, alice.id, true, T0 + 21_000)).toBe('unknown');
  });

  it('expires after 15 minutes, for the client and for the user', async () => {
    const auth = await requestDeviceCode(server.sql, app, [], T0);
    const late = T0 + DEVICE_CODE_LIFETIME_S * 1000;
    expect(await decideUserCode(server.sql, auth.user_code, alice.id, true, late)).toBe('expired');
    expect(await pollDeviceCode(server.sql, app, auth.device_code, late)).toEqual({ error: 'expired_token' });
  });

  it('knows only its own app’s device codes', async () => {
    const auth = await requestDeviceCode(server.sql, app, [], T0);
    const { app: other } = await createOAuthApp(server.sql, alice.id, 'other', { deviceFlow: true });
    expect(await pollDeviceCode(server.sql, other, auth.device_code, T0)).toEqual({ error: 'incorrect_device_code' });
    expect(await pollDeviceCode(server.sql, app, 'f'.repeat(40), T0)).toEqual({ error: 'incorrect_device_code' });
    expect(await decideUserCode(server.sql, 'ZZZZ-ZZZZ', alice.id, true, T0)).toBe('unknown');
  });
});
