// Label and Milestone over GraphQL: Repository.label/labels/milestone/milestones
// with GitHub's connection shape (first required and ≤ 100, cursors, pageInfo,
// totalCount), node(id) for LA_/MI_ ids under the repository's visibility,
// and a fixed number of statements for the labels of many repositories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const statements: string[] = [];

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const [name, isPrivate] of [
    ['shown', false],
    ['hidden', true],
    ['more', false],
  ] as const) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: isPrivate } }))
        .status,
    ).toBe(201);
  }
  for (const [title, state] of [
    ['v1', 'closed'],
    ['v2', 'open'],
    ['v3', 'open'],
  ] as const) {
    await server.api('/repos/alice/shown/milestones', {
      method: 'POST',
      token: alice.token,
      body: { title, state, due_on: '2030-01-01T00:00:00Z' },
    });
  }
  await server.api('/repos/alice/hidden/milestones', { method: 'POST', token: alice.token, body: { title: 'secret' } });
});
afterAll(() => server.close());

const LABELS = `query($after: String, $q: String) {
  repository(owner: "alice", name: "shown") {
    labels(first: 4, after: $after, query: $q, orderBy: {field: NAME, direction: ASC}) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { name } }
      nodes { id name color description isDefault url resourcePath createdAt repository { nameWithOwner } }
    }
  }
}`;

describe('Repository.labels', () => {
  it('pages through the default labels by name with cursors, pageInfo and totalCount', async () => {
    const first = await gql(LABELS);
    expect(first.errors).toBeUndefined();
    const page = first.data!.repository.labels;
    expect(page.totalCount).toBe(9);
    expect(page.nodes.map((l: any) => l.name)).toEqual(['bug', 'documentation', 'duplicate', 'enhancement']);
    expect(page.nodes[0]).toMatchObject({
      color: 'd73a4a',
      description: "Something isn't working",
      isDefault: true,
      url: `${server.url}/alice/shown/labels/bug`,
      resourcePath: '/alice/shown/labels/bug',
      repository: { nameWithOwner: 'alice/shown' },
    });
    expect(page.nodes[0].id).toMatch(/^LA_/);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: page.edges[3].cursor });

    const second = (await gql(LABELS, { after: page.pageInfo.endCursor })).data!.repository.labels;
    expect(second.nodes.map((l: any) => l.name)).toEqual(['good first issue', 'help wanted', 'invalid', 'question']);
    const last = (await gql(LABELS, { after: second.pageInfo.endCursor })).data!.repository.labels;
    expect(last.nodes.map((l: any) => l.name)).toEqual(['wontfix']);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const filtered = (await gql(LABELS, { q: 'DUP' })).data!.repository.labels;
    expect([filtered.totalCount, filtered.nodes.map((l: any) => l.name)]).toEqual([1, ['duplicate']]);
  });

  it('refuses what GitHub refuses: listing without first, first over 100, a cursor it did not make', async () => {
    const cases: [string, string][] = [
      ['{ repository(owner: "alice", name: "shown") { labels { nodes { name } } } }', 'MISSING_PAGINATION_BOUNDARIES'],
      ['{ repository(owner: "alice", name: "shown") { labels(first: 101) { totalCount } } }', 'EXCESSIVE_PAGINATION'],
      [
        '{ repository(owner: "alice", name: "shown") { labels(first: 1, after: "bm9wZQ") { totalCount } } }',
        'INVALID_CURSOR_ARGUMENTS',
      ],
    ];
    for (const [query, type] of cases) {
      const body = await gql(query);
      expect(body.errors?.[0]?.type, query).toBe(type);
    }
  });

  it('answers totalCount alone without first, as GitHub does', async () => {
    const body = await gql(
      '{ repository(owner: "alice", name: "shown") { labels { totalCount pageInfo { hasNextPage } } milestones { totalCount } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository).toEqual({
      labels: { totalCount: 9, pageInfo: { hasNextPage: true } },
      milestones: { totalCount: 3 },
    });
  });

  it('label(name:) finds a label whatever the case, null when there is none', async () => {
    const body = await gql(
      '{ repository(owner: "alice", name: "shown") { a: label(name: "HELP WANTED") { name } b: label(name: "nope") { name } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository).toEqual({ a: { name: 'help wanted' }, b: null });
  });

  it('costs a fixed number of statements for the labels of many repositories', async () => {
    const query = `{ viewer { login } a: repository(owner: "alice", name: "shown") { labels(first: 3) { totalCount nodes { name } } }
      b: repository(owner: "alice", name: "more") { labels(first: 3) { totalCount nodes { name } } }
      c: repository(owner: "alice", name: "hidden") { labels(first: 3) { totalCount nodes { name } } } }`;
    await gql(query); // warm the repository cache
    statements.length = 0;
    const body = await gql(query);
    expect(body.errors).toBeUndefined();
    expect(body.data!.b.labels.totalCount).toBe(9);
    // One statement for the pages of all three repositories, one for their totals.
    expect(statements.filter((q) => /\bFROM labels\b/.test(q))).toHaveLength(2);
  });
});

describe('Repository.milestones and milestone(number:)', () => {
  it('filters by state, orders, and answers GitHub’s fields', async () => {
    const body = await gql(`{ repository(owner: "alice", name: "shown") {
      open: milestones(first: 10, states: [OPEN], orderBy: {field: NUMBER, direction: DESC}) { totalCount nodes { number title state closed } }
      all: milestones(first: 10) { totalCount }
      milestone(number: 1) { id title state closed closedAt dueOn progressPercentage url resourcePath repository { nameWithOwner } }
      none: milestone(number: 99) { title }
    } }`);
    expect(body.errors).toBeUndefined();
    const repo = body.data!.repository;
    expect(repo.open).toEqual({
      totalCount: 2,
      nodes: [
        { number: 3, title: 'v3', state: 'OPEN', closed: false },
        { number: 2, title: 'v2', state: 'OPEN', closed: false },
      ],
    });
    expect(repo.all.totalCount).toBe(3);
    expect(repo.milestone).toMatchObject({
      title: 'v1',
      state: 'CLOSED',
      closed: true,
      dueOn: '2030-01-01T00:00:00Z',
      progressPercentage: 0,
      url: `${server.url}/alice/shown/milestone/1`,
      resourcePath: '/alice/shown/milestone/1',
      repository: { nameWithOwner: 'alice/shown' },
    });
    expect(repo.milestone.id).toMatch(/^MI_/);
    expect(repo.milestone.closedAt).toMatch(/Z$/);
    expect(repo.none).toBeNull();
  });
});

describe('node(id:) for labels and milestones', () => {
  it('resolves LA_ and MI_ ids for those who may see the repository, and nothing for others', async () => {
    const ids = (
      await gql(`{ shown: repository(owner: "alice", name: "shown") { label(name: "bug") { id } milestone(number: 2) { id } }
      hidden: repository(owner: "alice", name: "hidden") { label(name: "bug") { id } milestone(number: 1) { id } } }`)
    ).data!;
    const query =
      'query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Label { name } ... on Milestone { title } } }';
    const all = [ids.shown.label.id, ids.shown.milestone.id, ids.hidden.label.id, ids.hidden.milestone.id];
    expect((await gql(query, { ids: all })).data!.nodes).toEqual([
      { __typename: 'Label', name: 'bug' },
      { __typename: 'Milestone', title: 'v2' },
      { __typename: 'Label', name: 'bug' },
      { __typename: 'Milestone', title: 'secret' },
    ]);
    expect((await gql(query, { ids: all }, bob.token)).data!.nodes).toEqual([
      { __typename: 'Label', name: 'bug' },
      { __typename: 'Milestone', title: 'v2' },
      null,
      null,
    ]);
    // A deleted label's id resolves to nothing.
    await server.api('/repos/alice/shown/labels/bug', { method: 'DELETE', token: alice.token });
    const gone = await gql('query($id: ID!) { node(id: $id) { id } }', { id: ids.shown.label.id });
    expect(gone.errors?.[0]?.type).toBe('NOT_FOUND');
  });
});
