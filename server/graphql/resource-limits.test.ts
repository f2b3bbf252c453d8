// The resource limits as the server runs them (queryLimitPlugins with the
// meter's charge, on the real rate limiter), on a schema with nested
// connections, which schema.graphql does not have yet: costs above 1 point,
// refusals before any resolver runs, and the dry run.
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPrincipal } from '../auth/principal.js';
import { RequestScope } from '../http/pipeline.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { liftErrorTypes } from './core/errors.js';
import type { QueryCost } from './query-cost.js';
import { queryLimitPlugins } from './query-limits.js';
import { GraphqlRateMeter } from './rate-limit-meter.js';
import { YOGA_BASE_OPTIONS } from './yoga-options.js';

const POINTS = 100;
let server: TestServer;
let principal: TokenPrincipal;
let calls = 0;

const typeDefs = `
  type Query { shop: Shop! rateLimit(dryRun: Boolean = false): RateLimit }
  type RateLimit { cost: Int! limit: Int! nodeCount: Int! remaining: Int! used: Int! }
  type Shop { products(first: Int, last: Int): ProductConnection! }
  type ProductConnection { nodes: [Product!]! totalCount: Int! }
  type Product { id: ID! reviews(first: Int, last: Int): ReviewConnection! }
  type ReviewConnection { nodes: [Review!]! }
  type Review { id: ID! replies(first: Int): ReplyConnection! }
  type ReplyConnection { nodes: [Reply!]! }
  type Reply { id: ID! }
`;

interface Context {
  meter: GraphqlRateMeter;
}

const yoga = createYoga<Context>({
  schema: createSchema<Context>({
    typeDefs,
    resolvers: {
      Query: {
        shop: () => {
          calls++;
          return {};
        },
        rateLimit: (_parent, _args, { meter }) => meter.rateLimit(),
      },
      Shop: { products: () => ({ nodes: [], totalCount: 0 }) },
    },
  }),
  ...YOGA_BASE_OPTIONS,
  logging: false,
  plugins: [
    ...queryLimitPlugins({ charge: (cost: QueryCost, context: unknown) => (context as Context).meter.charge(cost) }),
    liftErrorTypes(),
  ],
});

async function run(query: string) {
  const meter = new GraphqlRateMeter(server.services, new RequestScope('test', principal, '127.0.0.1', {}));
  const response = await yoga.fetch(
    'http://yoga.test/graphql',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    },
    { meter },
  );
  return { status: response.status, body: await response.json(), meter };
}

// Requests 1 + 40 + 4,000 = 4,041: 40 points; nodes 40 + 4,000 + 4,000.
const COSTLY =
  '{ shop { products(first: 40) { nodes { reviews(first: 100) { nodes { replies(first: 1) { nodes { id } } } } } } } rateLimit { cost used remaining nodeCount } }';

beforeAll(async () => {
  server = await startTestServer({ WHARF_RATE_LIMIT_GRAPHQL: String(POINTS) });
  const user = await server.createUser('alice');
  principal = (await server.services.tokenCache.lookup(user.token)) as TokenPrincipal;
});
afterAll(() => server?.close());

describe('resource limits in execution', () => {
  it('charges a query its cost before it runs, and refuses whole one the points do not cover', async () => {
    const dry = await run(COSTLY.replace('rateLimit {', 'rateLimit(dryRun: true) {'));
    expect(dry.body).toEqual({ data: { rateLimit: { cost: 40, used: 0, remaining: POINTS, nodeCount: 8_040 } } });
    expect(calls).toBe(0); // a dry run runs nothing but rateLimit

    expect((await run(COSTLY)).body.data.rateLimit).toEqual({ cost: 40, used: 40, remaining: 60, nodeCount: 8_040 });
    expect((await run(COSTLY)).body.data.rateLimit).toEqual({ cost: 40, used: 80, remaining: 20, nodeCount: 8_040 });
    expect(calls).toBe(2);

    const refused = await run(COSTLY);
    expect(refused.body).toEqual({
      errors: [
        {
          type: 'RATE_LIMITED',
          message: `API rate limit exceeded for user ID ${principal.user.id}.`,
          extensions: { type: 'RATE_LIMITED' },
        },
      ],
    });
    expect(refused.meter.refused).toBe(true);
    expect(calls).toBe(2);

    // What is left still pays for cheaper queries.
    expect((await run('{ rateLimit { cost used remaining } }')).body.data.rateLimit).toEqual({
      cost: 1,
      used: 81,
      remaining: 19,
    });
  });

  it('refuses a connection without first or last before any resolver runs, and charges nothing itself', async () => {
    const before = calls;
    const { status, body, meter } = await run('{ shop { products { nodes { id } } } }');
    expect(status).toBe(200);
    expect(body).toEqual({
      errors: [
        {
          type: 'MISSING_PAGINATION_BOUNDARIES',
          path: ['shop', 'products'],
          locations: [{ line: 1, column: 10 }],
          message: 'You must provide a `first` or `last` value to properly paginate the `products` connection.',
          extensions: { type: 'MISSING_PAGINATION_BOUNDARIES' },
        },
      ],
    });
    expect(calls).toBe(before);
    expect(meter.rateLimit().cost).toBe(1); // unpriced: mount.ts charges the minimum
  });

  it('refuses a query over the node limit', async () => {
    const query =
      '{ shop { products(first: 100) { nodes { reviews(first: 100) { nodes { replies(first: 51) { nodes { id } } } } } } } }';
    const { body } = await run(query);
    expect(body.errors[0]).toMatchObject({
      type: 'MAX_NODE_LIMIT_EXCEEDED',
      message:
        'By the time this query traverses to the replies connection, it is requesting up to 510,000 possible nodes which exceeds the maximum limit of 500,000.',
    });
  });
});
