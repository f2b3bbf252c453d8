import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_RATE_LIMIT_AUTHENTICATED: '500', WHARF_RATE_LIMIT_UNAUTHENTICATED: '3' });
  alice = await server.createUser('alice');
});
afterAll(() => server.close());

const rateLimit = async (token?: string, base = '') => {
  const res = await server.api(`${base}/rate_limit`, { token });
  expect(res.status).toBe(200);
  return { res, body: await res.json() };
};

describe('GET /rate_limit', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers the caller's state and does not count itself (${base || 'root'})`, async () => {
      const first = await rateLimit(alice.token, base);
      const second = await rateLimit(alice.token, base);
      expect(second.body.resources.core.remaining).toBe(first.body.resources.core.remaining);
      expect(second.res.headers.get('x-ratelimit-remaining')).toBe(String(first.body.resources.core.remaining));
      expect(first.body.resources.core.limit).toBe(500);
      expect(first.body.rate).toEqual(first.body.resources.core);
      expectBothSchemas(first.body, { path: '/rate_limit', method: 'get' }, { operationId: 'rate-limit/get' });
    });
  }

  it('shows what other requests spent', async () => {
    const before = (await rateLimit(alice.token)).body.resources.core;
    expect((await server.api('/user', { token: alice.token })).status).toBe(200);
    const after = (await rateLimit(alice.token)).body.resources.core;
    expect(after.used).toBe(before.used + 1);
    expect(after.remaining).toBe(before.remaining - 1);
  });

  it('reports graphql and search for a token', async () => {
    const { body } = await rateLimit(alice.token);
    expect(body.resources.graphql).toMatchObject({ limit: 500, used: 0, remaining: 500 });
    // search has its own limit (30 by default) and a window of a minute.
    expect(body.resources.search).toMatchObject({ limit: 30, used: 0, remaining: 30 });
    expect(body.resources.search.reset % 60).toBe(0);
  });

  it('answers anonymous callers per IP, still when their limit is spent, with graphql at 0', async () => {
    const { body } = await rateLimit();
    expect(body.resources.core.limit).toBe(3);
    expect(body.resources.graphql).toMatchObject({ limit: 0, remaining: 0, used: 0 });
    expectBothSchemas(body, { path: '/rate_limit', method: 'get' }, { operationId: 'rate-limit/get' });
    for (let i = 0; i < 3; i++) await server.api('/users/alice');
    expect((await server.api('/users/alice')).status).toBe(429);
    const spent = await rateLimit();
    expect(spent.body.resources.core).toMatchObject({ limit: 3, used: 3, remaining: 0 });
    expect(spent.res.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('is sent whole every time, as GitHub does: Cache-Control no-cache, no ETag, never a 304', async () => {
    const { res } = await rateLimit(alice.token);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeNull();
    // `*` matches any current representation, so a conditional GET would 304 here.
    const again = await server.api('/rate_limit', { token: alice.token, headers: { 'if-none-match': '*' } });
    expect(again.status).toBe(200);
    expect((await again.json()).rate.limit).toBe(500);
  });

  it('leaves other GETs conditional', async () => {
    const first = await server.api('/user', { token: alice.token });
    expect(first.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
    const again = await server.api('/user', {
      token: alice.token,
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});
