// Gists and gist comments in GraphQL over real HTTP: User.gist(name:) (a
// secret gist too), User.gists by privacy (secret ones only to their owner),
// a gist's fields, comments, forks and stargazers, GistComment's fields,
// node/nodes for G_ and GC_ (one statement per kind), a deleted comment's id
// retired for good, installations refused, and the page bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { installationTokenFor } from '../test-support/apps.js';
import { decodeNodeId } from '../ids/node-id.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type CreatedGist, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser; // owns the gists
let bob: TestUser;
let carol: TestUser;
let pub: CreatedGist;
let sec: CreatedGist;
let fork: CreatedGist;
let comments: { id: number; node_id: string }[];
const statements: string[] = [];
const PUB_FILES = {
  'b notes.md': { content: '# Notes\n\nLong enough to cut.\n' },
  'a.ts': { content: 'export const a = 1;\n' },
  'logo.png': { content: 'not really a picture' },
};

const gql = async (query: string, variables: Record<string, unknown> = {}, token = bob.token) =>
  graphqlOk(server, query, variables, token);
const comment = (gist: CreatedGist, body: string, token: string) =>
  apiOk(server, `/gists/${gist.name}/comments`, { method: 'POST', token, body: { body } });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { onStatement: (q) => void statements.push(q) });
  const scopes = ['gist', 'repo'];
  alice = await server.createUser('alice', { scopes });
  bob = await server.createUser('bob', { scopes });
  carol = await server.createUser('carol', { scopes });
  pub = await server.createGist(alice.token, { description: 'Public notes', public: true, files: PUB_FILES });
  sec = await server.createGist(alice.token, { public: false, description: 'Secret notes' });
  const forked = await apiOk(server, `/gists/${pub.name}/forks`, { method: 'POST', token: bob.token });
  fork = { id: decodeNodeId(forked.node_id)!.id, name: forked.id, body: forked };
  for (const user of [bob, carol]) {
    const star = await server.api(`/gists/${pub.name}/star`, { method: 'PUT', token: user.token });
    expect(star.status).toBe(204);
  }
  comments = [
    await comment(pub, 'First, **bold**', bob.token),
    await comment(pub, 'Second', alice.token),
    await comment(pub, 'Third', carol.token),
    await comment(sec, 'Psst', bob.token),
  ];
});
afterAll(async () => {
  await server?.close();
});

const GIST_FIELDS = `id name description isPublic isFork owner { login } url resourcePath createdAt updatedAt pushedAt
  stargazerCount viewerHasStarred`;

describe('User.gist and User.gists', () => {
  it('finds a gist by name, a secret one too, and only among the user’s own', async () => {
    const { data, errors } = await gql(
      `query($a: String!, $b: String!, $c: String!) {
        alice: user(login: "alice") { pub: gist(name: $a) { ${GIST_FIELDS} } sec: gist(name: $b) { name isPublic } }
        bob: user(login: "bob") { notHis: gist(name: $a) { name } fork: gist(name: $c) { isFork } bad: gist(name: "'; DROP TABLE gists; --") { name } }
      }`,
      { a: pub.name, b: sec.name, c: fork.name },
    );
    expect(errors).toBeUndefined();
    const rest = await apiOk(server, `/gists/${pub.name}/comments/${comments[0]!.id}`);
    expect(rest.url).toContain(pub.name);
    expect(data!.alice.pub).toMatchObject({
      name: pub.name,
      description: 'Public notes',
      isPublic: true,
      isFork: false,
      owner: { login: 'alice' },
      url: `${server.url}/gist/${pub.name}`,
      resourcePath: `/gist/${pub.name}`,
      stargazerCount: 2,
      viewerHasStarred: true,
    });
    expect(data!.alice.pub.id).toMatch(/^G_/);
    expect(data!.alice.sec).toEqual({ name: sec.name, isPublic: false });
    expect(data!.bob).toEqual({ notHis: null, fork: { isFork: true }, bad: null });
  });

  it('lists secret gists only to their owner, by privacy and order', async () => {
    const query = `{ user(login: "alice") {
      default: gists(first: 10) { totalCount nodes { name } }
      all: gists(first: 10, privacy: ALL, orderBy: { field: CREATED_AT, direction: DESC }) { totalCount nodes { name } }
      secret: gists(first: 10, privacy: SECRET) { totalCount nodes { name } }
    } }`;
    const asBob = await gql(query);
    expect(asBob.errors).toBeUndefined();
    expect(asBob.data!.user).toEqual({
      default: { totalCount: 1, nodes: [{ name: pub.name }] },
      all: { totalCount: 1, nodes: [{ name: pub.name }] },
      secret: { totalCount: 0, nodes: [] },
    });
    const asAlice = await gql(query, {}, alice.token);
    expect(asAlice.data!.user).toEqual({
      default: { totalCount: 1, nodes: [{ name: pub.name }] },
      all: { totalCount: 2, nodes: [{ name: sec.name }, { name: pub.name }] },
      secret: { totalCount: 1, nodes: [{ name: sec.name }] },
    });
  });

  it('lists a user’s gist comments, those on secret gists only to their author or the gist’s owner', async () => {
    const query = '{ user(login: "bob") { gistComments(first: 10) { totalCount nodes { body } } } }';
    expect((await gql(query, {}, carol.token)).data!.user.gistComments).toEqual({
      totalCount: 1,
      nodes: [{ body: 'First, **bold**' }],
    });
    for (const token of [bob.token, alice.token])
      expect((await gql(query, {}, token)).data!.user.gistComments.totalCount).toBe(2);
  });
});

describe('Gist and GistComment', () => {
  it('pages a gist’s comments (first/after, last) with GistComment’s fields', async () => {
    const query = `query($name: String!, $after: String) { user(login: "alice") { gist(name: $name) {
      comments(first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes {
        id databaseId body bodyText bodyHTML author { login } authorAssociation gist { name }
        createdAt updatedAt publishedAt lastEditedAt includesCreatedEdit isMinimized createdViaEmail
        viewerCanUpdate viewerCanDelete viewerCannotUpdateReasons viewerDidAuthor viewerCanMinimize
      } }
      last: comments(last: 1) { nodes { body } }
    } } }`;
    const first = await gql(query, { name: pub.name }, alice.token);
    expect(first.errors).toBeUndefined();
    const page = first.data!.user.gist.comments;
    expect(page.totalCount).toBe(3);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.nodes[0]).toMatchObject({
      id: comments[0]!.node_id,
      databaseId: comments[0]!.id,
      body: 'First, **bold**',
      bodyText: 'First, **bold**',
      author: { login: 'bob' },
      authorAssociation: 'NONE',
      gist: { name: pub.name },
      lastEditedAt: null,
      includesCreatedEdit: false,
      isMinimized: false,
      createdViaEmail: false,
      // alice owns the gist: she deletes bob's comment but may not edit it.
      viewerCanUpdate: false,
      viewerCanDelete: true,
      viewerCannotUpdateReasons: ['INSUFFICIENT_ACCESS'],
      viewerDidAuthor: false,
      viewerCanMinimize: false,
    });
    expect(page.nodes[0].bodyHTML).toContain('<strong>bold</strong>');
    expect(page.nodes[1]).toMatchObject({ body: 'Second', authorAssociation: 'OWNER', viewerCanUpdate: true });
    expect(first.data!.user.gist.last.nodes).toEqual([{ body: 'Third' }]);
    const second = await gql(query, { name: pub.name, after: page.pageInfo.endCursor }, alice.token);
    expect(second.data!.user.gist.comments.nodes.map((n: { body: string }) => n.body)).toEqual(['Third']);
    const asCarol = await gql(query, { name: pub.name }, carol.token);
    expect(asCarol.data!.user.gist.comments.nodes[0]).toMatchObject({ viewerCanUpdate: false, viewerCanDelete: false });
    const asBob = await gql(query, { name: pub.name }, bob.token);
    expect(asBob.data!.user.gist.comments.nodes[0]).toMatchObject({
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerDidAuthor: true,
    });
  });

  it('lists forks (secret ones to their owner) and stargazers with starredAt', async () => {
    const { data, errors } = await gql(
      `query($name: String!) { user(login: "alice") { gist(name: $name) {
        forks(first: 5) { totalCount nodes { name owner { login } } }
        stargazers(first: 5) { totalCount edges { starredAt node { login } } }
      } } }`,
      { name: pub.name },
      carol.token,
    );
    expect(errors).toBeUndefined();
    const gist = data!.user.gist;
    expect(gist.forks).toEqual({ totalCount: 1, nodes: [{ name: fork.name, owner: { login: 'bob' } }] });
    expect(gist.stargazers.totalCount).toBe(2);
    expect(gist.stargazers.edges.map((e: { node: { login: string } }) => e.node.login).sort()).toEqual([
      'bob',
      'carol',
    ]);
    expect(gist.stargazers.edges[0].starredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('resolves G_ and GC_ through node and nodes, one statement per kind', async () => {
    const gistId = (await gql(`{ user(login: "alice") { gist(name: "${pub.name}") { id } } }`)).data!.user.gist.id;
    const single = await gql('query($id: ID!) { node(id: $id) { __typename ... on Gist { name } } }', { id: gistId });
    expect(single.data!.node).toEqual({ __typename: 'Gist', name: pub.name });
    const ids = [gistId, ...comments.map((c) => c.node_id)];
    await gql('{ viewer { login } }');
    statements.length = 0;
    const many = await gql(
      `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on GistComment { body authorAssociation } } }`,
      { ids: [...ids, ...ids, ...ids] },
    );
    expect(many.errors).toBeUndefined();
    expect(many.data!.nodes).toHaveLength(15);
    expect(many.data!.nodes.slice(0, 5).map((n: { __typename: string }) => n.__typename)).toEqual([
      'Gist',
      'GistComment',
      'GistComment',
      'GistComment',
      'GistComment',
    ]);
    expect(many.data!.nodes[4]).toMatchObject({ body: 'Psst', authorAssociation: 'NONE' });
    expect(statements.filter((q) => /FROM gist_comments c JOIN gists g/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /FROM gists g JOIN accounts a/.test(q))).toHaveLength(1);
    // A comment's gist: the second kind of read, batched too.
    const ofComment = await gql('query($id: ID!) { node(id: $id) { ... on GistComment { gist { name isPublic } } } }', {
      id: comments[3]!.node_id,
    });
    expect(ofComment.data!.node).toEqual({ gist: { name: sec.name, isPublic: false } });
  });

  it('a deleted comment is 404 in REST and its GC_ id answers null for good', async () => {
    const doomed = await comment(pub, 'Doomed', carol.token);
    await apiOk(server, `/gists/${pub.name}/comments/${doomed.id}`, { method: 'DELETE', token: carol.token });
    const next = await comment(pub, 'After', carol.token);
    expect(next.id).not.toBe(doomed.id);
    const body = await gql('query($id: ID!) { node(id: $id) { id } }', { id: doomed.node_id });
    expect(body.data?.node ?? null).toBeNull();
    expect(body.errors?.[0]?.type).toBe('NOT_FOUND');
    const many = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [doomed.node_id, next.node_id] });
    expect(many.data!.nodes).toEqual([null, { id: next.node_id }]);
  });
});

describe('refusals and bounds', () => {
  it('refuses installations: FORBIDDEN at the field that reached a gist', async () => {
    const token = await installationTokenFor(server, alice.id, 'Gist Reader', { contents: 'read', metadata: 'read' });
    const gistId = (await gql(`{ user(login: "alice") { gist(name: "${pub.name}") { id } } }`)).data!.user.gist.id;
    const node = await gql('query($id: ID!) { node(id: $id) { id } }', { id: gistId }, token);
    expect(node.data?.node ?? null).toBeNull();
    expect(node.errors?.[0]?.type).toBe('FORBIDDEN');
    const comm = await gql('query($id: ID!) { node(id: $id) { id } }', { id: comments[0]!.node_id }, token);
    expect(comm.errors?.[0]?.type).toBe('FORBIDDEN');
    const list = await gql('{ user(login: "alice") { login gists(first: 5) { totalCount } } }', {}, token);
    expect(list.errors?.map((e) => e.type)).toEqual(['FORBIDDEN']);
    expect(list.data?.user ?? null).toBeNull();
    const one = await gql(`{ user(login: "alice") { login gist(name: "${pub.name}") { name } } }`, {}, token);
    expect(one.errors?.map((e) => e.type)).toEqual(['FORBIDDEN']);
    expect(one.data!.user).toEqual({ login: 'alice', gist: null });
  });

  it('bounds pages (101 → EXCESSIVE_PAGINATION) and refuses forged cursors', async () => {
    const over = await gql(`{ user(login: "alice") { gists(first: 101) { totalCount } } }`);
    expect(over.errors?.[0]?.type).toBe('EXCESSIVE_PAGINATION');
    const forged = await gql(
      `{ user(login: "alice") { gist(name: "${pub.name}") { comments(first: 1, after: "bm9wZQ==") { totalCount } } } }`,
    );
    expect(forged.errors?.[0]?.type).toBe('INVALID_CURSOR_ARGUMENTS');
    const gigantic = await gql(`{ user(login: "alice") { gist(name: "${'a'.repeat(10_000)}") { name } } }`);
    expect(gigantic.data?.user?.gist ?? null).toBeNull();
  });
});
