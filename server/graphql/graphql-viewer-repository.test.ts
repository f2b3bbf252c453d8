// GraphQL over real HTTP, viewer and repository: the token's owner,
// unexpected errors masked, a repository with its owner and default branch,
// GitHub's NOT_FOUND shape, and private repositories hidden as REST hides
// them. node and nodes: graphql-node-lookup.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
let repoIds: Record<string, number>;

const gql: NodeVisibilityScenario['gql'] = (...args) => scenario.gql(...args);

beforeAll(async () => {
  scenario = await startNodeVisibilityScenario();
  ({ server, alice, bob, repoIds } = scenario);
});

afterAll(async () => {
  await server?.close();
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
