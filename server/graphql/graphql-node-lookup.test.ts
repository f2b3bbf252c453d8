// GraphQL over real HTTP, node and nodes: lookups in both ID forms (prefixed and
// legacy base64), GitHub's NOT_FOUND shape for unknown, malformed or invisible
// ids, and the 100-id limit. viewer and repository:
// graphql-viewer-repository.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Buffer } from 'node:buffer';
import { encodeNodeId } from '../ids/node-id.js';
import {
  startNodeVisibilityScenario,
  type NodeVisibilityScenario,
} from '../test-support/graphql/node-visibility-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: NodeVisibilityScenario;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let org: { id: number; login: string };
let repoIds: Record<string, number>;

const legacy = (text: string) => Buffer.from(text).toString('base64');
const gql: NodeVisibilityScenario['gql'] = (...args) => scenario.gql(...args);

beforeAll(async () => {
  scenario = await startNodeVisibilityScenario();
  ({ server, alice, bob, org, repoIds } = scenario);
});

afterAll(async () => {
  await server?.close();
});

describe('node', () => {
  const USER_QUERY = 'query($id: ID!) { node(id: $id) { __typename id ... on User { databaseId login name url } } }';
  const REPO_QUERY =
    'query($id: ID!) { node(id: $id) { __typename id ... on Repository { databaseId name nameWithOwner owner { login } } } }';

  it('resolves a User by its prefixed id', async () => {
    const id = encodeNodeId('User', alice.id);
    const { status, body } = await gql(USER_QUERY, { id });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.node).toEqual({
      __typename: 'User',
      id,
      databaseId: alice.id,
      login: 'alice',
      name: 'Alice Liddell',
      url: `${server.url}/alice`,
    });
  });

  it('resolves a User by both legacy forms and answers with the prefixed id', async () => {
    for (const id of [legacy(`04:User${alice.id}`), legacy(`User${alice.id}`)]) {
      const { body } = await gql(USER_QUERY, { id });
      expect(body.errors).toBeUndefined();
      expect(body.data!.node).toMatchObject({ __typename: 'User', id: encodeNodeId('User', alice.id), login: 'alice' });
    }
  });

  it('resolves a Repository by prefixed and legacy ids', async () => {
    const prefixed = encodeNodeId('Repository', repoIds.hello!);
    for (const id of [prefixed, legacy(`010:Repository${repoIds.hello}`), legacy(`Repository${repoIds.hello}`)]) {
      const { body } = await gql(REPO_QUERY, { id });
      expect(body.errors).toBeUndefined();
      expect(body.data!.node).toEqual({
        __typename: 'Repository',
        id: prefixed,
        databaseId: repoIds.hello,
        name: 'hello',
        nameWithOwner: 'alice/hello',
        owner: { login: 'alice' },
      });
    }
  });

  it('resolves an Organization, and a User id never reaches an organization', async () => {
    const { body } = await gql('query($id: ID!) { node(id: $id) { __typename ... on Organization { login id } } }', {
      id: encodeNodeId('Organization', org.id),
    });
    expect(body.data!.node).toEqual({
      __typename: 'Organization',
      login: 'acme',
      id: encodeNodeId('Organization', org.id),
    });
    const wrongKind = await gql(USER_QUERY, { id: encodeNodeId('User', org.id) });
    expect(wrongKind.body.data).toEqual({ node: null });
  });

  it('is null with a NOT_FOUND error for an unknown, malformed or invisible id', async () => {
    const ids = [
      encodeNodeId('User', 987_654),
      'not-an-id',
      encodeNodeId('Repository', repoIds.bobSecret!),
      encodeNodeId('Issue', 1),
    ];
    for (const id of ids) {
      const query = 'query($id: ID!) { node(id: $id) { id } }';
      const { status, body } = await gql(query, { id });
      expect(status).toBe(200);
      expect(body).toEqual({
        data: { node: null },
        errors: [
          expect.objectContaining({
            type: 'NOT_FOUND',
            message: `Could not resolve to a node with the global id of '${id}'`,
            path: ['node'],
            locations: [{ line: 1, column: query.indexOf('node(') + 1 }],
          }),
        ],
      });
    }
  });
});

describe('nodes', () => {
  it('keeps the order, with null for missing, invisible and malformed ids', async () => {
    const ids = [
      encodeNodeId('Repository', repoIds.hello!),
      encodeNodeId('User', 987_654),
      legacy(`User${bob.id}`),
      encodeNodeId('Repository', repoIds.bobSecret!),
      'garbage',
      encodeNodeId('Organization', org.id),
      encodeNodeId('Repository', repoIds.secret!),
    ];
    const { status, body } = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', { ids });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.nodes).toEqual([
      { __typename: 'Repository', id: ids[0] },
      null,
      { __typename: 'User', id: encodeNodeId('User', bob.id) },
      null,
      null,
      { __typename: 'Organization', id: ids[5] },
      { __typename: 'Repository', id: ids[6] },
    ]);
  });

  it('accepts 100 ids and refuses 101 with an ARGUMENT_LIMIT error', async () => {
    const id = encodeNodeId('User', alice.id);
    const ok = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(100).fill(id) });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.nodes).toHaveLength(100);

    const query = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const { status, body } = await gql(query, { ids: Array(101).fill(id) });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'ARGUMENT_LIMIT',
        message: 'You may not provide more than 100 node ids; you provided 101.',
        path: ['nodes'],
        locations: [{ line: 1, column: query.indexOf('nodes(') + 1 }],
      }),
    ]);
  });
});
