// GraphQL's point-based rate limit over real HTTP (issue 16): the `graphql`
// resource in the X-RateLimit-* headers and GET /rate_limit, `rateLimit { … }`
// and its dry run, and 429 RATE_LIMITED once the points run out.
// (Queries that cost more than 1 point need connections: resource-limits.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const POINTS = 6;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ WHARF_RATE_LIMIT_AUTHENTICATED: '1000', WHARF_RATE_LIMIT_GRAPHQL: String(POINTS) });
});
afterAll(() => server?.close());

async function gql(user: TestUser, query: string, path = '/api/graphql') {
  const response = await server.api(path, { method: 'POST', token: user.token, body: { query } });
  const header = (name: string) => response.headers.get(`x-ratelimit-${name}`);
  return {
    status: response.status,
    headers: response.headers,
    rate: {
      resource: header('resource'),
      limit: Number(header('limit')),
      used: Number(header('used')),
      remaining: Number(header('remaining')),
      reset: Number(header('reset')),
    },
    body: (await response.json()) as { data?: Record<string, any>; errors?: { type?: string; message: string }[] },
  };
}

describe('the graphql resource', () => {
  it('charges each call its points and says so in the headers, at both paths, apart from core', async () => {
    const alice = await server.createUser('alice');
    const first = await gql(alice, '{ viewer { login } }');
    expect(first.status).toBe(200);
    expect(first.rate).toMatchObject({ resource: 'graphql', limit: POINTS, used: 1, remaining: POINTS - 1 });
    const second = await gql(alice, '{ viewer { login } }', '/graphql');
    expect(second.rate).toMatchObject({ resource: 'graphql', used: 2, remaining: POINTS - 2, reset: first.rate.reset });
    const limits = await (await server.api('/rate_limit', { token: alice.token })).json();
    expect(limits.resources.graphql).toEqual({
      limit: POINTS,
      used: 2,
      remaining: POINTS - 2,
      reset: first.rate.reset,
    });
    expect(limits.resources.core).toMatchObject({ limit: 1000, used: 0 });
  });

  it('answers rateLimit { limit cost remaining resetAt used nodeCount } with this call charged', async () => {
    const carol = await server.createUser('carol');
    const { body, rate } = await gql(carol, '{ rateLimit { limit cost remaining resetAt used nodeCount } }');
    expect(body).toEqual({
      data: {
        rateLimit: {
          limit: POINTS,
          cost: 1,
          remaining: POINTS - 1,
          used: 1,
          nodeCount: 0,
          resetAt: new Date(rate.reset * 1000).toISOString(),
        },
      },
    });
    expect(rate).toMatchObject({ used: 1, remaining: POINTS - 1 });
  });

  it('prices a dry run without charging it or running the rest of the query', async () => {
    const dave = await server.createUser('dave');
    await gql(dave, '{ viewer { login } }');
    const dry = await gql(dave, '{ viewer { login } rateLimit(dryRun: true) { cost used remaining } }');
    expect(dry.body).toEqual({ data: { rateLimit: { cost: 1, used: 1, remaining: POINTS - 1 } } });
    expect(dry.rate).toMatchObject({ used: 1, remaining: POINTS - 1 });
    const wet = await gql(dave, '{ rateLimit(dryRun: false) { used } }');
    expect(wet.body.data!.rateLimit).toEqual({ used: 2 });
  });

  it('charges a call that never runs (a syntax error, an unknown field) the minimum point', async () => {
    const erin = await server.createUser('erin');
    expect((await gql(erin, '{ viewer { login ')).rate.used).toBe(1);
    const unknown = await gql(erin, '{ viewer { nope } }');
    expect(unknown.body.errors![0]!.message).toMatch(/nope/);
    expect(unknown.rate.used).toBe(2);
  });

  it('answers 429 with RATE_LIMITED once the points run out, and REST still answers', async () => {
    const bob = await server.createUser('bob');
    for (let i = 1; i <= POINTS; i++) expect((await gql(bob, '{ viewer { login } }')).rate.remaining).toBe(POINTS - i);
    for (const query of ['{ viewer { login } }', '{ rateLimit(dryRun: true) { cost } }', 'not even GraphQL']) {
      const refused = await gql(bob, query);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        errors: [{ type: 'RATE_LIMITED', message: `API rate limit already exceeded for user ID ${bob.id}.` }],
      });
      expect(refused.rate).toMatchObject({ resource: 'graphql', limit: POINTS, used: POINTS, remaining: 0 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await server.api('/user', { token: bob.token })).status).toBe(200);
    const limits = await (await server.api('/rate_limit', { token: bob.token })).json();
    expect(limits.resources.graphql).toMatchObject({ used: POINTS, remaining: 0 });
  });
});
