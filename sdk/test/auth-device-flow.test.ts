// requestDeviceCode and pollForToken against a live Wharf. The user's approval
// goes through the server's own decideUserCode; an injected sleep moves the
// server's clock instead of waiting, so intervals and expiry cost no time.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { decideUserCode } from '../../server/oauth/device-flow.js';
import { createOAuthApp, type OAuthAppRow } from '../../server/oauth/oauth-apps-store.js';
import { pollForToken, requestDeviceCode, WharfAuthError, type DeviceCode, type FetchLike } from '../src/auth/index.js';

let server: TestServer;
let alice: TestUser;
let app: OAuthAppRow;
let webOnly: OAuthAppRow;
let clock: number | undefined; // the server's; undefined: real time

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { now: () => clock ?? Date.now() });
  alice = await server.createUser('alice');
  ({ app } = await createOAuthApp(server.sql, alice.id, 'SDK CLI', { deviceFlow: true }));
  ({ app: webOnly } = await createOAuthApp(server.sql, alice.id, 'Web only', {
    callbackUrl: 'https://app.example.com/cb',
  }));
});
afterEach(() => {
  clock = undefined;
});
afterAll(() => server.close());

/** A sleep that records each wait, moves the server's clock by it, then runs `then` (e.g. the user approving). */
function clockSleep(then: (waits: number[]) => Promise<unknown> | undefined = () => undefined) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    clock! += ms;
    await then(waits);
  };
  return { waits, sleep };
}

const poll = (code: DeviceCode, extra: Partial<Parameters<typeof pollForToken>[0]> = {}) =>
  pollForToken({
    baseUrl: server.url,
    clientId: app.client_id,
    deviceCode: code.deviceCode,
    interval: code.interval,
    ...extra,
  });

const codeFor = (scopes?: string[]) => requestDeviceCode({ baseUrl: server.url, clientId: app.client_id, scopes });

describe('requestDeviceCode', () => {
  it('returns the code in camelCase, from a REST base URL ending in /api/v3', async () => {
    const code = await requestDeviceCode({
      baseUrl: `${server.url}/api/v3/`,
      clientId: app.client_id,
      scopes: ['repo'],
    });
    expect(code).toMatchObject({ verificationUri: `${server.url}/login/device`, expiresIn: 900, interval: 5 });
    expect(code.userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(code.deviceCode).toMatch(/^[0-9a-f]{40}$/);
  });

  it('rejects an unknown client (404) and an app without the device flow (400)', async () => {
    await expect(requestDeviceCode({ baseUrl: server.url, clientId: 'nope' })).rejects.toMatchObject({
      name: 'WharfAuthError',
      status: 404,
    });
    await expect(requestDeviceCode({ baseUrl: server.url, clientId: webOnly.client_id })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('device_flow_disabled'),
    });
  });
});

describe('pollForToken', () => {
  it('waits the interval, polls until approved, and the token works on GET /user', async () => {
    clock = Date.UTC(2026, 6, 1);
    const code = await codeFor(['repo', 'user']);
    const { waits, sleep } = clockSleep(async (w) => {
      if (w.length === 2)
        expect(await decideUserCode(server.sql, code.userCode, alice.id, true, clock!)).toBe('approved');
    });
    const token = await poll(code, { sleep, baseUrl: `${server.url}/api/v3` });
    expect(waits).toEqual([5000, 5000]); // pending once, then the token
    expect(token).toMatchObject({ tokenType: 'bearer', scopes: ['repo', 'user'] });
    const me = await server.api('/user', { token: token.accessToken });
    expect(((await me.json()) as { login: string }).login).toBe('alice');
  });

  it('on slow_down waits the interval the server returns', async () => {
    clock = Date.UTC(2026, 6, 2);
    const code = await codeFor();
    let polls = 0;
    const counting: FetchLike = (url, init) => (polls++, fetch(url, init));
    const { waits, sleep } = clockSleep(async (w) => {
      if (w.length === 3) await decideUserCode(server.sql, code.userCode, alice.id, true, clock!);
    });
    // Asked to poll every second, where the server wants 5: the second poll is too fast.
    const token = await poll(code, { interval: 1, sleep, fetch: counting });
    expect(token.accessToken).toMatch(/^gho_/);
    expect(waits).toEqual([1000, 1000, 10_000]); // pending, slow_down (interval 10), token
    expect(polls).toBe(3);
  });

  it('stops with expired_token when the server’s clock passes the expiry', async () => {
    clock = Date.UTC(2026, 6, 3);
    const code = await codeFor();
    const { sleep } = clockSleep();
    const expired = poll(code, { interval: 900, sleep });
    await expect(expired).rejects.toBeInstanceOf(WharfAuthError);
    await expect(expired).rejects.toMatchObject({ status: 200, code: 'expired_token' });
    // With expiresIn and a clock of its own, the helper stops without asking the server.
    let polls = 0;
    const local = poll(code, {
      expiresIn: 3,
      now: () => clock!,
      sleep,
      fetch: (url, init) => (polls++, fetch(url, init)),
    });
    await expect(local).rejects.toMatchObject({ status: 0, code: 'expired_token' });
    expect(polls).toBe(0);
  });

  it('stops with access_denied, and with the other final errors', async () => {
    clock = Date.UTC(2026, 6, 4);
    const { sleep } = clockSleep();
    const denied = await codeFor();
    await decideUserCode(server.sql, denied.userCode, alice.id, false, clock);
    await expect(poll(denied, { sleep })).rejects.toMatchObject({
      code: 'access_denied',
      message: expect.stringMatching(/^access_denied: /),
    });
    await expect(poll({ ...denied, deviceCode: 'f'.repeat(40) }, { sleep })).rejects.toMatchObject({
      code: 'incorrect_device_code',
    });
    await expect(poll(denied, { sleep, clientId: 'nope' })).rejects.toMatchObject({
      code: 'incorrect_client_credentials',
    });
    await expect(poll(denied, { sleep, clientId: webOnly.client_id })).rejects.toMatchObject({
      code: 'device_flow_disabled',
    });
  });

  it('rejects with the AbortSignal’s reason promptly, in the middle of a real 5-second wait', async () => {
    const code = await codeFor();
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await expect(poll(code, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
    // Already aborted: not a single request.
    await expect(
      poll(code, { signal: AbortSignal.abort(), fetch: () => Promise.reject(new Error('fetched')) }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
