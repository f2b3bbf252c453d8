// Rate limits: per user, per anonymous IP, 429 with Retry-After, and shared
// correctly by several server processes on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWharfApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/database.js';
import { createLogger } from '../log.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ WHARF_RATE_LIMIT_AUTHENTICATED: '20', WHARF_RATE_LIMIT_UNAUTHENTICATED: '5' });
});
afterAll(() => server.close());

describe('rate limits', () => {
  it('limits anonymous callers per IP and answers 429 with Retry-After and a message naming the IP', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await server.api('/repos/nobody/nothing');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await last!.json()).message).toMatch(/rate limit of 5 requests .* exceeded for 127\.0\.0\.1/);
  });

  it('gives each user a bucket of their own, and counts down Remaining', async () => {
    const dave = await server.createUser('dave');
    const erin = await server.createUser('erin');
    const first = await server.api('/user', { token: dave.token });
    expect(first.headers.get('x-ratelimit-limit')).toBe('20');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('19');
    expect(first.headers.get('x-ratelimit-used')).toBe('1');
    for (let i = 0; i < 19; i++) await server.api('/user', { token: dave.token });
    const limited = await server.api('/user', { token: dave.token });
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/exceeded for user dave/);
    expect((await server.api('/user', { token: erin.token })).status).toBe(200);
  });

  it('never accepts more than the limit across two server processes sharing the database', async () => {
    const limit = 300;
    const config = loadConfig({
      DATABASE_URL: server.databaseUrl,
      WHARF_DATA_DIR: server.dataDir,
      WHARF_RATE_LIMIT_AUTHENTICATED: String(limit),
      WHARF_LOG_LEVEL: 'error',
    });
    const sqlA = connect(server.databaseUrl);
    const sqlB = connect(server.databaseUrl);
    const a = await createWharfApp(config, sqlA, createLogger('error'));
    const b = await createWharfApp(config, sqlB, createLogger('error'));
    try {
      const frank = await server.createUser('frank');
      const request = (app: typeof a) =>
        app.app.fetch(new Request('http://127.0.0.1/user', { headers: { authorization: `token ${frank.token}` } }));
      const responses = await Promise.all(Array.from({ length: 400 }, (_, i) => request(i % 2 ? a : b)));
      const accepted = responses.filter((r) => r.status === 200).length;
      // Each process may hold one unspent lease (1% of the limit) when the database runs dry.
      expect(accepted).toBeLessThanOrEqual(limit);
      expect(accepted).toBeGreaterThanOrEqual(limit - 2 * Math.floor(limit / 100));
      expect(responses.filter((r) => r.status === 429).length).toBe(400 - accepted);
    } finally {
      await a.close();
      await b.close();
      await sqlA.end();
      await sqlB.end();
    }
  });
});

describe('rate-limit windows', () => {
  it('start afresh in the next window and ended windows are pruned', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const { RateLimiter } = await import('./rate-limiter.js');
    const limiter = new RateLimiter(server.sql, 60, () => now);
    for (let i = 0; i < 3; i++) expect((await limiter.take('test:window', 'core', 3)).allowed).toBe(true);
    const denied = await limiter.take('test:window', 'core', 3);
    expect(denied.allowed).toBe(false);
    expect(denied.state).toMatchObject({ remaining: 0, used: 3, reset: now / 1000 + 60 });
    now += 60_000;
    expect((await limiter.take('test:window', 'core', 3)).state).toMatchObject({ remaining: 2, used: 1 });
    expect(await limiter.prune()).toBeGreaterThanOrEqual(1);
    const rows = await server.sql`SELECT window_start FROM rate_limit_windows WHERE bucket = 'test:window'`;
    expect(rows).toEqual([{ window_start: now / 1000 }]);
  });
});

describe('spending several units at once (GraphQL points)', () => {
  it('leases what a costly request needs, refuses whole what does not fit, and keeps the rest for cheaper ones', async () => {
    const now = Date.parse('2030-02-01T00:00:00Z');
    const { RateLimiter } = await import('./rate-limiter.js');
    const limiter = new RateLimiter(server.sql, 3600, () => now);
    const take = (units: number) => limiter.take('test:units', 'graphql', 100, units);
    expect(await take(30)).toMatchObject({ allowed: true, state: { used: 30, remaining: 70, resource: 'graphql' } });
    expect(await take(60)).toMatchObject({ allowed: true, state: { used: 90, remaining: 10 } });
    // 20 do not fit in the 10 left: refused, and nothing is spent.
    expect(await take(20)).toMatchObject({ allowed: false, state: { used: 90, remaining: 10 } });
    expect(limiter.tryTake('test:units', 'graphql', 100, 10)).toMatchObject({
      allowed: true,
      state: { used: 100, remaining: 0 },
    });
    expect(await take(1)).toMatchObject({ allowed: false, state: { remaining: 0 } });
    // Another process sharing the database finds the window spent too.
    const other = new RateLimiter(server.sql, 3600, () => now);
    expect(await other.take('test:units', 'graphql', 100, 1)).toMatchObject({ allowed: false });
    expect(await other.current('test:units', 'graphql', 100)).toMatchObject({ used: 100, remaining: 0 });
  });
});
