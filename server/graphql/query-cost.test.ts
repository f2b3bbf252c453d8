// The resource-limit calculator against the worked examples of GitHub's
// documentation ("Rate limits and query limits for the GraphQL API"), run on
// GitHub's own published schema (which has every connection the examples use),
// and on a small schema of our own to show it applies to any schema.
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { formatError } from './core/errors.js';
import { analyzeOperation, type CostAnalysis, type QueryCost } from './query-cost.js';

// GitHub's SDL repeats a few fields, which graphql-js's SDL validation refuses (see github-schema.test.ts).
const github = buildSchema(githubSchema.idl, { assumeValidSDL: true });

function analyze(
  schema: GraphQLSchema,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): CostAnalysis | undefined {
  const document = parse(query);
  expect(validate(schema, document).map((error) => error.message)).toEqual([]); // the examples are valid queries
  return analyze.raw(schema, document, variables, operationName);
}
analyze.raw = (
  schema: GraphQLSchema,
  document: ReturnType<typeof parse>,
  variables?: Record<string, unknown>,
  operationName?: string,
) => analyzeOperation(schema, document, operationName, variables);

function costOf(schema: GraphQLSchema, query: string, variables?: Record<string, unknown>): QueryCost {
  const result = analyze(schema, query, variables);
  if (!result || 'errors' in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function errorsOf(schema: GraphQLSchema, query: string, variables?: Record<string, unknown>) {
  const result = analyze(schema, query, variables);
  if (!result || !('errors' in result)) throw new Error(`not refused: ${JSON.stringify(result)}`);
  return result.errors.map(formatError);
}

describe("GitHub's worked examples, on GitHub's schema", () => {
  it('node limit, simple query: 550 total nodes', () => {
    const query = `query {
      viewer {
        repositories(first: 50) {
          edges {
            repository:node {
              name
              issues(first: 10) {
                totalCount
                edges { node { title bodyHTML } }
              }
            }
          }
        }
      }
    }`;
    expect(costOf(github, query)).toMatchObject({ nodeCount: 550, requests: 51, cost: 1 });
  });

  it('node limit, complex query: 22,060 total nodes', () => {
    const query = `query {
      viewer {
        repositories(first: 50) {
          edges {
            repository:node {
              name
              pullRequests(first: 20) {
                edges {
                  pullRequest:node {
                    title
                    comments(first: 10) { edges { comment:node { bodyHTML } } }
                  }
                }
              }
              issues(first: 20) {
                totalCount
                edges {
                  issue:node {
                    title
                    bodyHTML
                    comments(first: 10) { edges { comment:node { bodyHTML } } }
                  }
                }
              }
            }
          }
        }
        followers(first: 10) { edges { follower:node { login } } }
      }
    }`;
    // Requests: 1 repositories + 50 pullRequests + 1,000 PR comments + 50 issues + 1,000 issue comments + 1 followers.
    expect(costOf(github, query)).toMatchObject({ nodeCount: 22_060, requests: 2_102, cost: 21 });
  });

  it('rate limit score: 5,101 requests, a score of 51', () => {
    const query = `query {
      viewer {
        login
        repositories(first: 100) {
          edges {
            node {
              id
              issues(first: 50) {
                edges {
                  node {
                    id
                    labels(first: 60) { edges { node { id name } } }
                  }
                }
              }
            }
          }
        }
      }
    }`;
    expect(costOf(github, query)).toMatchObject({
      requests: 5_101,
      cost: 51,
      nodeCount: 100 + 100 * 50 + 100 * 50 * 60,
    });
  });

  it('a call without connections costs the minimum, 1 point', () => {
    expect(costOf(github, '{ viewer { login } rateLimit { cost remaining } }')).toEqual({
      nodeCount: 0,
      requests: 0,
      cost: 1,
      dryRun: false,
    });
  });
});

describe("first and last, with GitHub's errors", () => {
  it('refuses a connection that lists items without first or last: MISSING_PAGINATION_BOUNDARIES, with its path', () => {
    expect(errorsOf(github, '{ viewer { login repositories { nodes { name } } } }')).toEqual([
      {
        type: 'MISSING_PAGINATION_BOUNDARIES',
        message: 'You must provide a `first` or `last` value to properly paginate the `repositories` connection.',
        path: ['viewer', 'repositories'],
        locations: [{ line: 1, column: 18 }],
        extensions: { type: 'MISSING_PAGINATION_BOUNDARIES' },
      },
    ]);
  });

  it('lets a connection be counted without first or last, as GitHub does', () => {
    expect(costOf(github, '{ viewer { repositories { totalCount pageInfo { hasNextPage } } } }')).toMatchObject({
      nodeCount: 0,
      cost: 1,
    });
  });

  it('sees edges and nodes through fragments', () => {
    const query =
      '{ viewer { repositories { ...Names } } } fragment Names on RepositoryConnection { ... on RepositoryConnection { edges { cursor } } }';
    expect(errorsOf(github, query).map((error) => error.type)).toEqual(['MISSING_PAGINATION_BOUNDARIES']);
  });

  it('refuses more than 100: EXCESSIVE_PAGINATION, for first and for last', () => {
    expect(
      errorsOf(
        github,
        '{ viewer { organizations(first: 101) { nodes { login } } followers(last: 300) { nodes { login } } } }',
      ),
    ).toMatchObject([
      {
        type: 'EXCESSIVE_PAGINATION',
        message: 'Requesting 101 records on the `organizations` connection exceeds the `first` limit of 100 records.',
        path: ['viewer', 'organizations'],
      },
      {
        type: 'EXCESSIVE_PAGINATION',
        message: 'Requesting 300 records on the `followers` connection exceeds the `last` limit of 100 records.',
        path: ['viewer', 'followers'],
      },
    ]);
  });

  it('refuses a negative value: INVALID_PAGINATION', () => {
    expect(errorsOf(github, '{ viewer { followers(first: -1) { nodes { login } } } }')).toMatchObject([
      {
        type: 'INVALID_PAGINATION',
        message: '`first` on the connection cannot be less than zero.',
        path: ['viewer', 'followers'],
      },
    ]);
  });

  it('reads first and last from variables and their defaults; 100 is allowed', () => {
    const query =
      'query($n: Int, $m: Int = 7) { viewer { a: followers(first: $n) { nodes { login } } b: following(last: $m) { nodes { login } } } }';
    expect(costOf(github, query, { n: 100 })).toMatchObject({ nodeCount: 107 });
    expect(errorsOf(github, query, { n: 101 }).map((error) => error.type)).toEqual(['EXCESSIVE_PAGINATION']);
    expect(errorsOf(github, query, { m: null }).map((error) => error.type)).toEqual([
      'MISSING_PAGINATION_BOUNDARIES',
      'MISSING_PAGINATION_BOUNDARIES',
    ]);
  });

  it('leaves variables that will not coerce to execution', () => {
    expect(
      analyze(github, 'query($n: Int) { viewer { followers(first: $n) { nodes { login } } } }', { n: 'ten' }),
    ).toBeUndefined();
  });

  it('leaves out what @skip and @include leave out', () => {
    const query =
      'query($no: Boolean!) { viewer { followers @include(if: $no) { nodes { login } } following(first: 5) @skip(if: false) { nodes { login } } } }';
    expect(costOf(github, query, { no: false })).toMatchObject({ nodeCount: 5 });
  });
});

describe('the node limit (500,000)', () => {
  it("refuses one path over the limit, naming the connection, in GitHub's words", () => {
    // gh pr list --json commits at --limit 60: 60 × 100 × 100 = 600,000.
    const query = `{ repository(owner: "o", name: "r") { pullRequests(first: 60) { nodes {
      commits(first: 100) { nodes { commit { authors(first: 100) { nodes { name } } } } } } } } }`;
    expect(errorsOf(github, query)).toEqual([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message:
          'By the time this query traverses to the authors connection, it is requesting up to 600,000 possible nodes which exceeds the maximum limit of 500,000.',
        extensions: { type: 'MAX_NODE_LIMIT_EXCEEDED' },
      },
    ]);
  });

  it('refuses a query whose paths together exceed the limit', () => {
    // At --limit 50: 50 + 50 × 100 + 50 × 100 × 100 = 505,050, no path over 500,000.
    const query = `{ repository(owner: "o", name: "r") { pullRequests(first: 50) { nodes {
      commits(first: 100) { nodes { commit { authors(first: 100) { nodes { name } } } } } } } } }`;
    expect(errorsOf(github, query)).toMatchObject([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message: 'This query requests up to 505,050 possible nodes which exceeds the maximum limit of 500,000.',
      },
    ]);
  });

  it('takes a query of exactly 500,000 nodes', () => {
    const query =
      '{ viewer { followers(first: 50) { nodes { followers(first: 99) { nodes { followers(first: 100) { nodes { login } } } } } } } }';
    expect(costOf(github, query)).toMatchObject({
      nodeCount: 50 + 4_950 + 495_000,
      requests: 1 + 50 + 4_950,
      cost: 50,
    });
  });
});

describe('any schema', () => {
  // Connections by name alone (…Connection with first/last), nothing GitHub-specific.
  const shop = buildSchema(`
    type Query { shop: Shop, node(id: ID!): Thing }
    interface Thing { id: ID! }
    type Shop implements Thing { id: ID! products(first: Int, last: Int, after: String): ProductConnection! tags: [String!]! }
    type ProductConnection { nodes: [Product!]! totalCount: Int! }
    type Product implements Thing { id: ID! reviews(first: Int): ReviewConnection! related: [Product!]! }
    type ReviewConnection { edges: [ReviewEdge!]! }
    type ReviewEdge { node: Review! }
    type Review { stars: Int! }
  `);

  it('counts connections through interfaces, inline fragments and named fragments', () => {
    const query = `query Q { node(id: "x") { ... on Shop { products(first: 10) { nodes { ...Reviews } } } } }
      fragment Reviews on Product { reviews(first: 3) { edges { node { stars } } } related { reviews(first: 2) { edges { node { stars } } } } }`;
    // related is a plain list, not a connection: it does not multiply.
    expect(costOf(shop, query)).toMatchObject({ nodeCount: 10 + 30 + 20, requests: 1 + 10 + 10, cost: 1 });
  });

  it('counts a fragment once however deep fragments nest (linear work)', () => {
    // Each level spreads the next twice: 2^30 field visits if expanded naively.
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1
        ? `fragment F${i} on Product { id }`
        : `fragment F${i} on Product { ...F${i + 1} related { ...F${i + 1} } }`,
    ).join('\n');
    const document = parse(`{ shop { products(first: 1) { nodes { ...F0 } } } } ${fragments}`);
    const started = performance.now();
    expect(analyze.raw(shop, document)).toMatchObject({ nodeCount: 1 });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('counts what nodes(ids:) selects once per id', () => {
    const query =
      'query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { followers(first: 100) { nodes { login } } } } }';
    expect(costOf(github, query, { ids: Array(100).fill('U_1') })).toMatchObject({
      nodeCount: 10_000,
      requests: 100,
      cost: 1,
    });
    expect(
      costOf(github, '{ nodes(ids: ["a", "b"]) { id ... on User { followers(first: 10) { nodes { login } } } } }'),
    ).toMatchObject({ nodeCount: 20 });
    const deep =
      'query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { followers(first: 100) { nodes { following(first: 100) { nodes { login } } } } } } }';
    expect(errorsOf(github, deep, { ids: Array(51).fill('U_1') })[0]!.message).toBe(
      'By the time this query traverses to the following connection, it is requesting up to 510,000 possible nodes which exceeds the maximum limit of 500,000.',
    );
  });

  it('picks the named operation', () => {
    const query =
      'query A { shop { products(first: 2) { nodes { id } } } } query B { shop { products(first: 7) { nodes { id } } } }';
    expect(analyzeOperation(shop, parse(query), 'B')).toMatchObject({ nodeCount: 7 });
    expect(analyzeOperation(shop, parse(query), 'C')).toBeUndefined();
  });

  it('notes rateLimit(dryRun: true) among the root fields', () => {
    expect(costOf(github, '{ rateLimit(dryRun: true) { cost } viewer { login } }').dryRun).toBe(true);
    expect(costOf(github, 'query($d: Boolean) { rateLimit(dryRun: $d) { cost } }', { d: true }).dryRun).toBe(true);
    expect(costOf(github, '{ rateLimit { cost } }').dryRun).toBe(false);
  });
});

describe("lists and large leaves outside GitHub's connections (list-caps.ts)", () => {
  const tree = (inner: string) =>
    `{ repository(owner: "o", name: "r") { object(expression: "main:") { ... on Tree { ${inner} } } } }`;

  it('counts Tree.entries as a list of 1,000 entries, one request per tree', () => {
    expect(costOf(github, tree('entries { name oid }'))).toMatchObject({ nodeCount: 1000, requests: 1, cost: 1 });
    // Through a named fragment too.
    expect(costOf(github, `${tree('...T')} fragment T on Tree { entries { name } }`)).toMatchObject({
      nodeCount: 1000,
    });
  });

  it('refuses trees nested in entries by the node limit, however few entries they hold', () => {
    const two = tree('entries { object { ... on Tree { entries { name } } } }');
    expect(errorsOf(github, two)).toMatchObject([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message:
          'By the time this query traverses to the entries connection, it is requesting up to 1,000,000 possible nodes which exceeds the maximum limit of 500,000.',
      },
    ]);
  });

  it('charges a request per Blob.text, multiplied by the lists above it', () => {
    expect(costOf(github, tree('entries { object { ... on Blob { text byteSize } } }'))).toMatchObject({
      nodeCount: 1000,
      requests: 1001,
      cost: 10,
    });
    const aliased = ['a', 'b', 'c', 'd']
      .map((alias) => `${alias}: nodes(ids: $ids) { ... on Blob { text } }`)
      .join(' ');
    expect(costOf(github, `query($ids: [ID!]!) { ${aliased} }`, { ids: Array(100).fill('B_1') })).toMatchObject({
      requests: 400,
      cost: 4,
    });
    expect(costOf(github, tree('entries { object { ... on Blob { byteSize isBinary } } }'))).toMatchObject({
      requests: 1,
    });
  });
});
