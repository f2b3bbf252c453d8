// The `search` rate-limit resource: its own limits (authenticated and
// anonymous) and its own window, apart from `core`, reported truly by GET
// /rate_limit and in the headers of searches. The clock is the test's, so
// the window turns when the test says, not when the machine is slow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../http/rate-limiter.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
// Ten seconds into a minute (and into an hour): a search window ends 50 s later.
let clock = Date.UTC(2026, 0, 5, 12, 0, 10);

beforeAll(async () => {
  server = await startTestServer(
    {
      WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED: '3',
      WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED: '2',
      WHARF_WEBHOOK_DISPATCH: 'off',
    },
    { now: () => clock },
  );
  alice = await server.createUser('alice');
  expect(
    (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'tracker' } })).status,
  ).toBe(201);
});
afterAll(() => server.close());

const search = (token?: string) => server.api('/search/issues?q=repo:alice/tracker', { token });
const windowEnd = () => Math.floor(clock / 60_000) * 60 + 60;

describe('the search resource', () => {
  it('counts searches in a window of its own, apart from core, and refuses the one past the limit', async () => {
    const coreBefore = (await (await server.api('/rate_limit', { token: alice.token })).json()).resources.core;
    for (const remaining of [2, 1, 0]) {
      const res = await search(alice.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-resource')).toBe('search');
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(windowEnd()));
    }
    const refused = await search(alice.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('50');
    expect((await refused.json()).message).toBe(
      `API rate limit of 3 requests per 60 seconds exceeded for user alice (ID ${alice.id}).`,
    );
    // Core was not spent by searching, and still answers.
    const user = await server.api('/user', { token: alice.token });
    expect(user.status).toBe(200);
    expect(user.headers.get('x-ratelimit-resource')).toBe('core');
    const state = (await (await server.api('/rate_limit', { token: alice.token })).json()).resources;
    expect(state.search).toEqual({ limit: 3, used: 3, remaining: 0, reset: windowEnd() });
    expect(state.core.used).toBe(coreBefore.used + 1);
  });

  it('gives anonymous callers their own, smaller limit', async () => {
    expect((await search()).headers.get('x-ratelimit-limit')).toBe('2');
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(429);
    expect((await (await server.api('/rate_limit')).json()).resources.search).toMatchObject({
      limit: 2,
      used: 2,
      remaining: 0,
    });
  });

  it("starts afresh when its minute ends, while core's hour goes on", async () => {
    const coreReset = (await (await server.api('/rate_limit', { token: alice.token })).json()).resources.core.reset;
    clock += 60_000;
    const res = await search(alice.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('2');
    const state = (await (await server.api('/rate_limit', { token: alice.token })).json()).resources;
    expect(state.search).toMatchObject({ used: 1, reset: windowEnd() });
    expect(state.core.reset).toBe(coreReset);
  });

  it('prunes each resource against its own window', async () => {
    let now = Date.UTC(2026, 0, 5, 13, 0, 30);
    const limiter = new RateLimiter(server.sql, 3600, () => now, { search: 60 });
    await limiter.take('prune-test', 'search', 10);
    await limiter.take('prune-test', 'core', 10);
    const rows = () =>
      server.sql<
        { resource: string }[]
      >`SELECT resource FROM rate_limit_windows WHERE bucket = 'prune-test' ORDER BY resource`;
    expect((await rows()).map((r) => r.resource)).toEqual(['core', 'search']);
    now += 60_000; // the search minute has ended, core's hour has not
    await limiter.prune();
    expect((await rows()).map((r) => r.resource)).toEqual(['core']);
  });
});
