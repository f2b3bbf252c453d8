// GraphQL over real HTTP: node lookups in both ID forms, visibility, GitHub's
// error shape, authentication through the REST pipeline, rate-limit headers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Buffer } from 'node:buffer';
import { encodeNodeId } from '../ids/node-id.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

interface GraphqlError {
  message: string;
  type?: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
}
interface GraphqlBody {
  data?: Record<string, any> | null;
  errors?: GraphqlError[];
}

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let org: { id: number; login: string };
const repoIds: Record<string, number> = {};

const legacy = (text: string) => Buffer.from(text).toString('base64');

async function gql(
  query: string,
  variables?: Record<string, unknown>,
  options: { token?: string; path?: string } = {},
) {
  const response = await server.api(options.path ?? '/api/graphql', {
    method: 'POST',
    token: options.token ?? alice.token,
    body: { query, variables },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphqlBody };
}

async function createRepo(user: TestUser, body: Record<string, unknown>): Promise<number> {
  const response = await server.api('/user/repos', { method: 'POST', token: user.token, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  org = await server.createOrg('acme', alice.id);
  await server.services.sql`UPDATE accounts SET name = 'Alice Liddell' WHERE id = ${alice.id}`;
  repoIds.hello = await createRepo(alice, { name: 'hello', auto_init: true, description: 'Hi' });
  repoIds.empty = await createRepo(alice, { name: 'empty' });
  repoIds.secret = await createRepo(alice, { name: 'secret', private: true });
  repoIds.bobSecret = await createRepo(bob, { name: 'bob-secret', private: true });
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

describe('viewer', () => {
  it('is the token owner', async () => {
    const { body } = await gql('{ viewer { id login databaseId } }', undefined, { token: bob.token });
    expect(body).toEqual({ data: { viewer: { id: encodeNodeId('User', bob.id), login: 'bob', databaseId: bob.id } } });
  });

  it('masks unexpected errors', async () => {
    const spy = vi.spyOn(server.services.accounts, 'byIds').mockRejectedValueOnce(new Error('database exploded'));
    try {
      const { status, body } = await gql('{ viewer { login } }');
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]!.message).toBe('Unexpected error.');
      expect(JSON.stringify(body)).not.toContain('exploded');
      expect(server.logs.some((line) => line.includes('database exploded') && line.includes('"level":"error"'))).toBe(
        true,
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('repository', () => {
  const QUERY = `query($owner: String!, $name: String!) {
    repository(owner: $owner, name: $name) {
      id databaseId name nameWithOwner isPrivate description url createdAt updatedAt
      owner { __typename id login url }
      defaultBranchRef { id name prefix }
    }
  }`;

  it('resolves with its owner and default branch', async () => {
    const { status, body } = await gql(QUERY, { owner: 'ALICE', name: 'Hello' });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const repo = body.data!.repository;
    expect(repo).toMatchObject({
      id: encodeNodeId('Repository', repoIds.hello!),
      databaseId: repoIds.hello,
      name: 'hello',
      nameWithOwner: 'alice/hello',
      isPrivate: false,
      description: 'Hi',
      url: `${server.url}/alice/hello`,
      owner: { __typename: 'User', id: encodeNodeId('User', alice.id), login: 'alice', url: `${server.url}/alice` },
      defaultBranchRef: { name: 'main', prefix: 'refs/heads/' },
    });
    expect(repo.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(repo.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(typeof repo.defaultBranchRef.id).toBe('string');
    const again = await gql(QUERY, { owner: 'alice', name: 'hello' });
    expect(again.body.data!.repository.defaultBranchRef.id).toBe(repo.defaultBranchRef.id);
  });

  it('has a null defaultBranchRef while the default branch does not exist', async () => {
    const { body } = await gql(QUERY, { owner: 'alice', name: 'empty' });
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository).toMatchObject({ name: 'empty', defaultBranchRef: null });
  });

  it("is null with a NOT_FOUND error in GitHub's shape when it does not exist", async () => {
    const { status, body } = await gql('{ repository(owner: "alice", name: "nope") { name } }');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: { repository: null },
      errors: [
        {
          type: 'NOT_FOUND',
          message: "Could not resolve to a Repository with the name 'alice/nope'.",
          locations: [{ line: 1, column: 3 }],
          path: ['repository'],
          extensions: { type: 'NOT_FOUND' },
        },
      ],
    });
  });

  it('is NOT_FOUND, never an unexpected error, for names PostgreSQL cannot hold (NUL)', async () => {
    const { body } = await gql(QUERY, { owner: 'alice\u0000', name: 'empty\u0000' });
    expect(body.data!.repository).toBeNull();
    expect(body.errors![0]!.type).toBe('NOT_FOUND');
  });

  it("hides another user's private repository, and shows the owner their own", async () => {
    const hidden = await gql(QUERY, { owner: 'bob', name: 'bob-secret' }, { token: alice.token });
    expect(hidden.body.data).toEqual({ repository: null });
    expect(hidden.body.errors![0]).toMatchObject({
      type: 'NOT_FOUND',
      message: "Could not resolve to a Repository with the name 'bob/bob-secret'.",
      path: ['repository'],
    });
    const own = await gql(QUERY, { owner: 'bob', name: 'bob-secret' }, { token: bob.token });
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data!.repository).toMatchObject({ name: 'bob-secret', isPrivate: true, defaultBranchRef: null });
  });

  it('hides private repositories from a token without the repo scope, as REST does', async () => {
    const token = await server.tokenFor(bob.id, ['user']);
    const { body } = await gql(QUERY, { owner: 'bob', name: 'bob-secret' }, { token });
    expect(body.data).toEqual({ repository: null });
    expect(body.errors![0]!.type).toBe('NOT_FOUND');
  });

  it('answers both queries in one request, each with its own error path', async () => {
    const { body } = await gql(
      '{ a: repository(owner: "alice", name: "hello") { name } b: repository(owner: "x", name: "y") { name } }',
    );
    expect(body.data).toEqual({ a: { name: 'hello' }, b: null });
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]).toMatchObject({
      path: ['b'],
      type: 'NOT_FOUND',
      message: "Could not resolve to a Repository with the name 'x/y'.",
    });
  });
});
