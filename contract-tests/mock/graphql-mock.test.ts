// GraphQL on the mock: realistic answers with Wharf's node IDs (also through
// the SDK's client.graphql / node / nodes), GitHub's error shape, and the
// server's door (credential required, JSON body, rate-limit headers).
import type { H3 } from 'h3';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitNodeId } from '../../server/ids/commit-node-id.js';
import { decodeNodeId, encodeNodeId } from '../../server/ids/node-id.js';
import { GRAPHQL_PATHS } from '../../server/graphql/mount.js';
import { createClient } from '../../sdk/src/index.js';
import { fakeUpstream } from './fake-upstream.js';
import { MOCK_GRAPHQL_PATHS } from './graphql-door.js';
import { createMockApp } from './mock-server.js';

let app: H3;
const prism = fakeUpstream();
beforeAll(() => {
  app = createMockApp(prism.upstream);
});

const REPO_ID = encodeNodeId('Repository', 1296269);

async function graphql(
  query: string,
  variables?: object,
  headers: Record<string, string> = { authorization: 'token ghp_mock' },
) {
  const response = await app.fetch(
    new Request('http://mock.test/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return { response, body: await response.json() };
}

describe('answers', () => {
  it("at the server's GraphQL paths", () => {
    expect([...MOCK_GRAPHQL_PATHS]).toEqual([...GRAPHQL_PATHS]);
  });

  it('{ viewer { login } } with octocat, whose id is a Wharf user ID', async () => {
    const { response, body } = await graphql('{ viewer { login id databaseId url } }');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-resource')).toBe('graphql');
    expect(body.data.viewer).toEqual({
      login: 'octocat',
      id: 'U_AQEB',
      databaseId: 1,
      url: 'http://mock.test/octocat', // at the mock's own origin
    });
    expect(decodeNodeId(body.data.viewer.id)).toEqual({ type: 'User', id: 1 });
    expect(prism.sent).toEqual([]);
  });

  it("answers GitHub's BigInt, HTML and GitSSHRemote scalars (fullDatabaseId, companyHTML, sshUrl)", async () => {
    const { body } = await graphql(
      '{ viewer { companyHTML } repository(owner: "octocat", name: "Hello-World") { sshUrl issue(number: 1) { fullDatabaseId } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.companyHTML).toEqual(expect.any(String));
    expect(body.data.repository.sshUrl).toMatch(/^git@/);
    expect(body.data.repository.issue.fullDatabaseId).toMatch(/^\d+$/);
  });

  it('node(id:) with the object of that kind and id', async () => {
    const query =
      'query($id: ID!) { node(id: $id) { __typename id ... on Repository { databaseId nameWithOwner isPrivate owner { login } defaultBranchRef { name prefix } createdAt } } }';
    const { body } = await graphql(query, { id: REPO_ID });
    expect(body.data.node).toEqual({
      __typename: 'Repository',
      id: REPO_ID,
      databaseId: 1296269,
      nameWithOwner: 'octocat/Hello-World',
      isPrivate: false,
      owner: { login: 'octocat' },
      defaultBranchRef: { name: 'main', prefix: 'refs/heads/' },
      createdAt: '2011-01-26T19:01:12Z',
    });
    const org = await graphql('{ node(id: "O_AQIC") { __typename id ... on Organization { login databaseId } } }');
    expect(org.body.data.node).toEqual({ __typename: 'Organization', id: 'O_AQIC', login: 'wharf-org', databaseId: 2 });
  });

  it("git content: refs, objects and commit node IDs with the server's CO_ form", async () => {
    const { body } = await graphql(`{ repository(owner: "octocat", name: "Hello-World") {
      defaultBranchRef { target { __typename id oid ... on Commit { messageHeadline author { name date } history(first: 1) { nodes { oid } } } } }
      object(expression: "main:README.md") { __typename oid }
      refs(refPrefix: "refs/heads/", first: 1) { nodes { name target { oid } } }
    } }`);
    expect(body.errors).toBeUndefined();
    const target = body.data.repository.defaultBranchRef.target;
    expect(target).toMatchObject({
      __typename: 'Commit',
      oid: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      messageHeadline: 'Fix all the bugs',
    });
    expect(decodeNodeId(target.id)).toEqual({ type: 'Commit', id: 1296269, oid: target.oid });
    const node = await graphql('query($id: ID!) { node(id: $id) { __typename ... on Commit { oid } } }', {
      id: target.id,
    });
    expect(node.body.data.node).toEqual({ __typename: 'Commit', oid: target.oid });
  });

  it('repository(owner:, name:) with that repository', async () => {
    const { body } = await graphql(
      '{ repository(owner: "hubot", name: "tools") { nameWithOwner name owner { login } url } }',
    );
    expect(body.data.repository).toEqual({
      nameWithOwner: 'hubot/tools',
      name: 'tools',
      owner: { login: 'hubot' },
      url: 'http://mock.test/hubot/tools',
    });
  });
});

describe('errors, in GitHub’s shape', () => {
  it('an ID that does not decode: null and NOT_FOUND, as the server', async () => {
    const { body } = await graphql('{ node(id: "nope") { id } nodes(ids: ["U_AQEB", "I_AQQB", "x"]) { id } }');
    expect(body.data).toEqual({ node: null, nodes: [{ id: 'U_AQEB' }, null, null] });
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['node'],
        message: "Could not resolve to a node with the global id of 'nope'",
      }),
    ]);
  });

  it('a name no repository can have: NOT_FOUND', async () => {
    const { body } = await graphql('{ repository(owner: "", name: "x") { id } }');
    expect(body.errors[0]).toMatchObject({ type: 'NOT_FOUND', path: ['repository'] });
  });

  it('more than 100 IDs: ARGUMENT_LIMIT', async () => {
    const { body } = await graphql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      ids: Array(101).fill('U_AQEB'),
    });
    expect(body.errors[0]).toMatchObject({
      type: 'ARGUMENT_LIMIT',
      message: 'You may not provide more than 100 node ids; you provided 101.',
    });
  });

  it('a query the schema refuses: errors without data, as GraphQL reports them', async () => {
    const { response, body } = await graphql('{ viewer { nope } }');
    expect(response.status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toBe('Cannot query field "nope" on type "User". Did you mean "name"?');
    expect(body.errors[0].locations).toEqual([{ line: 1, column: 12 }]);
  });

  it('the server’s query limits: a document past the token limit or with too many aliases is refused', async () => {
    const nested = await graphql(`{ nodes(ids: ${'['.repeat(5000)}"x"${']'.repeat(5000)}) { id } }`);
    expect(nested.response.status).toBe(200);
    expect(nested.body).toEqual({
      errors: [expect.objectContaining({ type: 'MAX_TOKENS_EXCEEDED', message: 'Token limit of 1500 exceeded.' })],
    });
    const aliases = await graphql(`{ ${Array.from({ length: 201 }, (_, i) => `a${i}: viewer { login }`).join(' ')} }`);
    expect(aliases.body).toEqual({
      errors: [
        expect.objectContaining({ type: 'MAX_ALIASES_EXCEEDED', message: 'Aliases limit of 200 exceeded, found 201.' }),
      ],
    });
  });
});

describe('the door', () => {
  it('is 401 in the REST body without a credential', async () => {
    const { response, body } = await graphql('{ viewer { login } }', undefined, {});
    expect(response.status).toBe(401);
    expect(response.headers.get('x-ratelimit-resource')).toBe('graphql');
    expect(body.message).toBe('requires authentication');
  });

  it('is 400 Problems parsing JSON for a body that is not JSON', async () => {
    const response = await app.fetch(
      new Request('http://mock.test/api/graphql', {
        method: 'POST',
        headers: { authorization: 'token x' },
        body: '{bad',
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Problems parsing JSON');
  });

  it('serves GET /graphql?query= too', async () => {
    const response = await app.fetch(
      new Request('http://mock.test/graphql?query=%7Bviewer%7Blogin%7D%7D', { headers: { authorization: 'token x' } }),
    );
    expect(await response.json()).toEqual({ data: { viewer: { login: 'octocat' } } });
  });
});

describe('resource limits', () => {
  it('answers rateLimit as the server does, and a dry run with rateLimit alone', async () => {
    const { body } = await graphql('{ rateLimit { limit cost remaining used nodeCount resetAt } }');
    expect(body.data.rateLimit).toEqual({
      limit: 5000,
      cost: 1,
      remaining: 4999,
      used: 1,
      nodeCount: 0,
      resetAt: '2011-01-26T20:01:12Z',
    });
    const dry = await graphql('{ viewer { login } rateLimit(dryRun: true) { cost } }');
    expect(dry.body).toEqual({ data: { rateLimit: { cost: 1 } } });
  });
});

describe('through the SDK', () => {
  const client = createClient({
    baseUrl: 'http://mock.test/api/v3',
    token: 'ghp_mock',
    fetch: async (request) => app.fetch(request),
  });

  it('client.node and client.nodes read typed nodes', async () => {
    const repo = await client.node(REPO_ID);
    expect(repo.errors).toBeUndefined();
    expect(repo.data).toMatchObject({
      __typename: 'Repository',
      id: REPO_ID,
      nameWithOwner: 'octocat/Hello-World',
      owner: { __typename: 'User', id: 'U_AQEB', login: 'octocat' },
    });
    const both = await client.nodes(['U_AQEB', 'O_AQIC']);
    expect(
      both.data?.map((n) => n && `${n.__typename} ${'login' in n ? n.login : ''} ${'name' in n ? n.name : ''}`),
    ).toEqual(['User octocat The Octocat', 'Organization wharf-org Wharf Org']);
  });

  it('client.node reads a commit by its CO_ ID', async () => {
    const id = commitNodeId(1296269, '6dcb09b5b57875f334f61aebed695e2e4193db5e');
    const commit = await client.node(id);
    expect(commit.errors).toBeUndefined();
    expect(commit.data).toMatchObject({
      __typename: 'Commit',
      id,
      oid: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      abbreviatedOid: '6dcb09b',
      messageHeadline: 'Fix all the bugs',
    });
  });

  it('client.graphql reads the viewer', async () => {
    const { data } = await client.graphql<{ viewer: { login: string } }>('{ viewer { login } }');
    expect(data?.viewer.login).toBe('octocat');
  });
});
