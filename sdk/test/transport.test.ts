// The transport against a local stub (no Wharf, no external network): the
// headers every request carries, retries of network errors and 5xx for
// idempotent methods only, backoff bounds, 429 for any method, and the
// rate-limit state.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import { backoffDelayMs } from '../src/transport/backoff.js';
import { json, startStub, type Stub, type StubHandler } from './support/stub-server.js';

let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const FAST = { minDelayMs: 5, maxDelayMs: 20 };

async function stubbed(handler: StubHandler): Promise<Stub> {
  stub = await startStub(handler);
  return stub;
}

describe('headers', () => {
  it('sends the token, the GitHub media type and the default API version', async () => {
    const server = await stubbed((_, __, res) => json(res, 200, { login: 'x' }));
    const client = createClient({ baseUrl: server.url, token: 'ghp_fixed' });
    const { data } = await client.users.getAuthenticated();
    expect(data?.login).toBe('x');
    expect(server.requests[0]!.headers).toMatchObject({
      authorization: 'Bearer ghp_fixed',
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    });
  });

  it('asks a TokenProvider before every request, sends a chosen API version, and keeps a per-call Authorization', async () => {
    const server = await stubbed((_, __, res) => json(res, 200, { login: 'x' }));
    let n = 0;
    const client = createClient({
      baseUrl: server.url,
      auth: { token: async () => `ghs_${++n}` },
      apiVersion: '2026-03-10',
    });
    await client.users.getAuthenticated();
    await client.GET('/user');
    await client.users.getAuthenticated(undefined, { headers: { authorization: 'Bearer jwt' } });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer ghs_1', 'Bearer ghs_2', 'Bearer jwt']);
    expect(server.requests[0]!.headers['x-github-api-version']).toBe('2026-03-10');
  });

  it('sends no Authorization without a token', async () => {
    const server = await stubbed((_, __, res) => json(res, 200, {}));
    await createClient({ baseUrl: server.url }).GET('/user');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('retries', () => {
  it('retries a GET that failed twice with 5xx, then returns the answer', async () => {
    const server = await stubbed((_, i, res) =>
      i < 2 ? json(res, i === 0 ? 502 : 503, { message: 'down' }) : json(res, 200, { login: 'ok' }),
    );
    const { data, response } = await createClient({ baseUrl: server.url, retry: FAST }).users.getAuthenticated();
    expect(response.status).toBe(200);
    expect(data?.login).toBe('ok');
    expect(server.requests).toHaveLength(3);
  });

  it('retries network errors (a cut connection) for idempotent methods', async () => {
    const server = await stubbed((_, i, res) => (i === 0 ? res.socket?.destroy() : json(res, 200, { login: 'ok' })));
    const { data } = await createClient({ baseUrl: server.url, retry: FAST }).GET('/user');
    expect(data?.login).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('sends the same body again when it retries a PUT-like idempotent method', async () => {
    const server = await stubbed((_, i, res) => (i === 0 ? json(res, 500, {}) : json(res, 200, {})));
    // DELETE is idempotent; openapi-fetch sends a body with any method.
    await createClient({ baseUrl: server.url, retry: FAST }).request('delete', '/authorizations/{authorization_id}', {
      params: { path: { authorization_id: 7 } },
      body: { reason: 'x' } as never,
    });
    expect(server.requests.map((r) => [r.method, r.body])).toEqual([
      ['DELETE', '{"reason":"x"}'],
      ['DELETE', '{"reason":"x"}'],
    ]);
  });

  it('does not retry a POST on 5xx: the error is returned as a value', async () => {
    const server = await stubbed((_, __, res) => json(res, 503, { message: 'unavailable' }));
    const { error, response } = await createClient({
      baseUrl: server.url,
      retry: FAST,
    }).repos.createForAuthenticatedUser({ body: { name: 'x' } });
    expect(response.status).toBe(503);
    expect(error?.message).toBe('unavailable');
    expect(server.requests).toHaveLength(1);
  });

  it('stops after `retries` retries, and retries: 0 disables retrying', async () => {
    const server = await stubbed((_, __, res) => json(res, 500, { message: 'boom' }));
    const three = await createClient({ baseUrl: server.url, retry: FAST }).GET('/user');
    expect(three.response.status).toBe(500);
    expect(server.requests).toHaveLength(4);
    await createClient({ baseUrl: server.url, retry: { retries: 0 } }).GET('/user');
    expect(server.requests).toHaveLength(5);
  });

  it('backs off exponentially with jitter, capped', () => {
    for (const attempt of [0, 1, 2, 3]) {
      const step = 100 * 2 ** attempt;
      expect(backoffDelayMs(attempt, 100, 10_000, () => 0)).toBe(step / 2);
      expect(backoffDelayMs(attempt, 100, 10_000, () => 1)).toBe(step);
    }
    expect(backoffDelayMs(20, 100, 1_000, () => 1)).toBe(1_000);
  });
});

describe('rate limits', () => {
  it('waits Retry-After on a 429 (also for a POST), then retries; the state follows the last answer', async () => {
    const server = await stubbed((_, i, res) =>
      i === 0
        ? json(
            res,
            429,
            { message: 'API rate limit exceeded' },
            { 'retry-after': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '100' },
          )
        : json(res, 201, { id: 1 }, { 'x-ratelimit-remaining': '42', 'x-ratelimit-used': '58' }),
    );
    const client = createClient({ baseUrl: server.url });
    expect(client.rateLimit).toBeUndefined();
    const started = Date.now();
    const { response } = await client.repos.createForAuthenticatedUser({ body: { name: 'x' } });
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
    expect(client.rateLimit).toEqual({ limit: 100, remaining: 42, used: 58, reset: 2000000000, resource: 'core' });
  });

  it('returns the 429 at once when the wait would exceed maxRateLimitWaitMs', async () => {
    const server = await stubbed((_, __, res) =>
      json(res, 429, { message: 'slow down' }, { 'retry-after': '3600', 'x-ratelimit-remaining': '0' }),
    );
    const client = createClient({ baseUrl: server.url, retry: { maxRateLimitWaitMs: 5_000 } });
    const { error, response } = await client.GET('/user');
    expect(response.status).toBe(429);
    expect(error?.message).toBe('slow down');
    expect(client.rateLimit?.remaining).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it("treats GitHub's primary-limit 403 (no requests remaining) like a 429, waiting until X-RateLimit-Reset", async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 1);
    const server = await stubbed((_, i, res) =>
      i === 0
        ? json(
            res,
            403,
            { message: 'API rate limit exceeded' },
            { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
          )
        : json(res, 200, { login: 'ok' }),
    );
    const { data } = await createClient({ baseUrl: server.url }).GET('/user');
    expect(data?.login).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });
});
