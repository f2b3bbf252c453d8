// createAppAuth and time: a cached installation token is replaced a margin
// before `expires_at` (server and helper clocks moved together), and clock
// skew is corrected from the `Date` header with one retry, as Octokit does.
// Wharf's `Date` header follows its (injected) clock, so skew can be made on
// either side.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { createTestApp, installTestApp, type TestApp } from '../../server/test-support/apps.js';
import { createAppAuth, type FetchLike } from '../src/auth/index.js';

const MINUTE = 60_000;
let serverShift = 0; // ms added to the server's clock
let server: TestServer;
let owner: TestUser;
let app: TestApp;
let installationId: number;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { now: () => Date.now() + serverShift });
  owner = await server.createUser('clock-owner');
  await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name: 'one' } });
  app = await createTestApp(server, owner.id, 'Clock App', { contents: 'read', metadata: 'read' });
  installationId = (await installTestApp(server, app.app, owner.id)).id;
});
afterEach(() => {
  serverShift = 0;
});
afterAll(() => server.close());

/** Records the status and message of every installation-token answer. */
function recordingFetch() {
  const answers: Array<{ status: number; message?: string; date: string | null }> = [];
  const fetchFn: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    if (url.endsWith('/access_tokens')) {
      const body = (await response.clone().json()) as { message?: string };
      answers.push({ status: response.status, message: body.message, date: response.headers.get('date') });
    }
    return response;
  };
  return { answers, fetchFn };
}

const works = async (token: string) => (await server.api('/installation/repositories', { token })).status;

describe('refresh near expiry', () => {
  it('reuses the token until the margin before expires_at, then gets a new one', async () => {
    let shift = 0; // both clocks, so the JWTs stay valid
    const { answers, fetchFn } = recordingFetch();
    const auth = createAppAuth({
      baseUrl: server.url,
      appId: app.app.id,
      privateKey: app.privateKeyPem,
      installationId,
      fetch: fetchFn,
      now: () => Date.now() + shift,
    });
    const first = await auth.installationToken();
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(59 * MINUTE);
    serverShift = shift = 54 * MINUTE;
    expect(await auth.token()).toBe(first.token);
    expect(answers).toHaveLength(1);
    serverShift = shift = 56 * MINUTE; // inside the default 5-minute margin
    const second = await auth.token();
    expect(second).not.toBe(first.token);
    expect(answers).toHaveLength(2);
    // Replaced before it ran out: the old token still works, and so does the new one.
    expect(await works(first.token)).toBe(200);
    expect(await works(second)).toBe(200);
  });

  it('takes the margin from refreshMarginMs', async () => {
    let shift = 0;
    const auth = createAppAuth({
      baseUrl: server.url,
      appId: app.app.id,
      privateKey: app.privateKeyPem,
      installationId,
      refreshMarginMs: MINUTE,
      now: () => Date.now() + shift,
    });
    const first = await auth.token();
    serverShift = shift = 58 * MINUTE;
    expect(await auth.token()).toBe(first);
    serverShift = shift = 59.5 * MINUTE;
    expect(await auth.token()).not.toBe(first);
  });
});

describe('clock skew', () => {
  const skewedAuth = (helperShift: number, fetchFn: FetchLike) =>
    createAppAuth({
      baseUrl: server.url,
      appId: app.app.id,
      privateKey: app.privateKeyPem,
      installationId,
      fetch: fetchFn,
      now: () => Date.now() + helperShift,
    });

  it('succeeds after one retry when the server is 5 minutes behind (iat), and remembers the offset', async () => {
    const { answers, fetchFn } = recordingFetch();
    const auth = skewedAuth(5 * MINUTE, fetchFn);
    expect(await works(await auth.token())).toBe(200);
    expect(answers.map((a) => a.status)).toEqual([401, 201]);
    expect(answers[0]!.message).toMatch(/^'Issued at' claim \('iat'\)/);
    await auth.installationToken({ refresh: true });
    expect(answers.map((a) => a.status)).toEqual([401, 201, 201]);
    // The app JWT is now signed in the server's time as well.
    expect((await server.api('/app', { token: await auth.appToken() })).status).toBe(200);
  });

  it('succeeds after one retry when the server is 11 minutes ahead (exp)', async () => {
    const { answers, fetchFn } = recordingFetch();
    expect(await skewedAuth(-11 * MINUTE, fetchFn).token()).toMatch(/^ghs_/);
    expect(answers.map((a) => a.status)).toEqual([401, 201]);
    expect(answers[0]!.message).toMatch(/^'Expiration time' claim \('exp'\)/);
  });

  it('reads the server’s own clock from its Date header: an injected server clock 5 minutes behind is corrected in one retry', async () => {
    const { answers, fetchFn } = recordingFetch();
    serverShift = -5 * MINUTE;
    expect(await works(await skewedAuth(0, fetchFn).token())).toBe(200);
    expect(answers.map((a) => a.status)).toEqual([401, 201]);
    expect(Math.abs(Date.parse(answers[0]!.date!) - (Date.now() - 5 * MINUTE))).toBeLessThan(5_000);
  });

  it('retries once only: a server whose Date header is off as well keeps refusing', async () => {
    const answers: number[] = [];
    // A proxy that rewrites Date to real time hides the server's skew: the one retry fails too, and the error says why.
    const fetchFn: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      answers.push(response.status);
      const headers = new Headers(response.headers);
      headers.set('date', new Date().toUTCString());
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    };
    serverShift = -5 * MINUTE;
    await expect(skewedAuth(0, fetchFn).token()).rejects.toMatchObject({
      name: 'WharfAuthError',
      status: 401,
      message: expect.stringMatching(/^'Issued at'/),
    });
    expect(answers).toEqual([401, 401]);
  });
});
