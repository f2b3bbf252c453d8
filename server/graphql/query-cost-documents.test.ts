// How the resource-limit calculator reads a document: first and last with
// GitHub's errors (on GitHub's published schema), and on a small schema of our
// own, connections through interfaces and fragments, nodes(ids:), the named
// operation and rateLimit(dryRun:), to show it applies to any schema. GitHub's
// worked examples and the limits: query-cost-limits.test.ts.
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { analyze, costOf, errorsOf, github } from '../test-support/query-cost-calls.js';
import { analyzeOperation } from './query-cost.js';

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
