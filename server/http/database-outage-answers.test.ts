// What a request gets when the database is unavailable, on each surface:
// REST and GraphQL answer 503 with GitHub's error body and Retry-After, the
// browser pages a 503 page with Retry-After; all are logged at warn (an
// outage), not as an unhandled error. The outage is simulated by making the
// store throw the error postgres.js throws for a refused connection; the real
// thing is database-restart.test.ts. Also: which errors count as an outage.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
const restore: (() => void)[] = [];

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
  });

/** Makes `object[name]` throw a refused connection until the test ends. */
function failing<T extends object>(object: T, name: keyof T & string): void {
  const original = object[name];
  (object as Record<string, unknown>)[name] = async () => {
    throw refused();
  };
  restore.push(() => void ((object as Record<string, unknown>)[name] = original));
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_LOG_LEVEL: 'warn' });
  alice = await server.createUser('alice');
});
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
  server.logs.length = 0;
});
afterAll(() => server.close());

function expectLoggedAsOutage() {
  expect(server.logs.some((line) => line.includes('"level":"warn"') && line.includes('database unavailable'))).toBe(
    true,
  );
  expect(server.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
}

describe('while the database is unavailable', () => {
  it("REST answers 503 with GitHub's error body, Retry-After and the rate-limit headers", async () => {
    await server.api('/user', { token: alice.token }); // the token is cached: authentication needs no round trip
    failing(server.services.accounts, 'byId');
    const res = await server.api('/user', { token: alice.token });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(await res.json()).toEqual({
      message: 'Service Unavailable: the database cannot be reached; try again shortly.',
      documentation_url: 'https://docs.github.com/rest',
      status: '503',
    });
    expectLoggedAsOutage();
  });

  it('a rate-limit lease that needs the database is 503 too', async () => {
    const bob = await server.createUser('bob');
    failing(server.services.rateLimiter as unknown as { acquire: () => Promise<void> }, 'acquire');
    const res = await server.api('/user', { token: bob.token });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expectLoggedAsOutage();
  });

  it('GraphQL answers the whole call 503 rather than a partial result', async () => {
    await server.api('/api/graphql', { method: 'POST', token: alice.token, body: { query: '{ viewer { login } }' } });
    failing(server.services.accounts, 'byIds');
    const res = await server.api('/api/graphql', {
      method: 'POST',
      token: alice.token,
      body: { query: '{ viewer { login } }' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({
      message: expect.stringContaining('database'),
      documentation_url: expect.any(String),
    });
    expectLoggedAsOutage();
  });

  it('a browser page answers a 503 page with Retry-After', async () => {
    failing(server.services.rateLimiter, 'take');
    const res = await fetch(`${server.url}/login`, {
      method: 'POST',
      body: 'login=alice&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('cannot reach its database');
    expectLoggedAsOutage();
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, postgres.js connection codes and the shutdown/startup SQLSTATEs', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
    ]) {
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([refused()]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused() }))).toBe(true);
  });

  it('leaves bugs and data errors alone', () => {
    for (const code of ['23505', '42P01', '22P02', '40001', 'ENOENT', 'ERR_INVALID_ARG_TYPE']) {
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of null (reading 'write')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
