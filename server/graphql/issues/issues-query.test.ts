// Issues over GraphQL: Repository.issue/issues with GitHub's fields and
// connection arguments (first/after, last/before, states, filterBy, orderBy,
// totalCount alone), comments and assignees, node(id) for I_ and IC_ ids under
// the repository's visibility (deleted: nothing), and a fixed number of
// statements for a page of issues with their labels, authors and comment counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const statements: string[] = [];

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const rest = (path: string, method: string, body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, token, body });

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await rest('/user/repos', 'POST', { name: 'tracker' });
  await rest('/user/repos', 'POST', { name: 'secret', private: true });
  await rest('/user/repos', 'POST', { name: 'busy' });
  // tracker: #1 open (assigned to alice, labels bug and Docs, milestone v1, two comments by bob), #2 closed (label docs), #3 open by bob.
  await rest('/repos/alice/tracker/milestones', 'POST', { title: 'v1' });
  await rest('/repos/alice/tracker/issues', 'POST', {
    title: 'First',
    body: 'one',
    assignees: ['alice'],
    labels: ['bug', 'Docs'],
    milestone: 1,
  });
  await rest('/repos/alice/tracker/issues/1/comments', 'POST', { body: 'c1' }, bob.token);
  await rest('/repos/alice/tracker/issues/1/comments', 'POST', { body: 'c2' }, bob.token);
  await rest('/repos/alice/tracker/issues', 'POST', { title: 'Second', labels: ['docs'] });
  await rest('/repos/alice/tracker/issues/2', 'PATCH', { state: 'closed', state_reason: 'not_planned' });
  await rest('/repos/alice/tracker/issues', 'POST', { title: 'Third' }, bob.token);
  await rest('/repos/alice/tracker/issues/3/lock', 'PUT', { lock_reason: 'too heated' });
  await rest('/repos/alice/secret/issues', 'POST', { title: 'Hidden' });
  for (let i = 1; i <= 50; i++) {
    const labels = i % 2 ? ['odd', `n${i % 5}`] : [];
    await rest('/repos/alice/busy/issues', 'POST', { title: `Busy ${i}` }, i % 2 ? alice.token : bob.token);
    if (labels.length > 0) await rest(`/repos/alice/busy/issues/${i}/labels`, 'POST', { labels });
  }
});
afterAll(() => server.close());

describe('Repository.issue', () => {
  it("answers GitHub's fields, with comments and assignees", async () => {
    const body = await gql(`{ repository(owner: "alice", name: "tracker") {
      issue(number: 1) { id databaseId number title body state stateReason closed closedAt locked activeLockReason url resourcePath
        createdAt updatedAt isPinned milestone { title } author { __typename login url } repository { nameWithOwner }
        labels(first: 5) { totalCount nodes { name } }
        assignees(first: 10) { totalCount nodes { login } }
        comments(first: 1) { totalCount pageInfo { hasNextPage endCursor } nodes { id databaseId body url author { login } issue { number } } } }
      closed: issue(number: 2) { state stateReason closed closedAt }
      locked: issue(number: 3) { locked activeLockReason author { login } }
      none: issue(number: 99) { title } } }`);
    // GitHub's answer for a number that names no issue: null, and a NOT_FOUND error at its path.
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['repository', 'none'],
        message: 'Could not resolve to an Issue with the number of 99.',
      }),
    ]);
    const { issue, closed, locked, none } = body.data!.repository;
    expect(issue).toMatchObject({
      number: 1,
      title: 'First',
      body: 'one',
      state: 'OPEN',
      stateReason: null,
      closed: false,
      closedAt: null,
      locked: false,
      activeLockReason: null,
      url: `${server.url}/alice/tracker/issues/1`,
      resourcePath: '/alice/tracker/issues/1',
      isPinned: false,
      milestone: { title: 'v1' },
      author: { __typename: 'User', login: 'alice', url: `${server.url}/alice` },
      repository: { nameWithOwner: 'alice/tracker' },
      labels: { totalCount: 2, nodes: [{ name: 'bug' }, { name: 'Docs' }] },
      assignees: { totalCount: 1, nodes: [{ login: 'alice' }] },
      comments: {
        totalCount: 2,
        pageInfo: { hasNextPage: true },
        nodes: [{ body: 'c1', author: { login: 'bob' }, issue: { number: 1 } }],
      },
    });
    expect(issue.id).toMatch(/^I_/);
    expect(issue.comments.nodes[0].id).toMatch(/^IC_/);
    expect(issue.comments.nodes[0].url).toBe(
      `${server.url}/alice/tracker/issues/1#issuecomment-${issue.comments.nodes[0].databaseId}`,
    );
    expect(closed).toMatchObject({ state: 'CLOSED', stateReason: 'NOT_PLANNED', closed: true });
    expect(closed.closedAt).toMatch(/Z$/);
    expect(locked).toEqual({ locked: true, activeLockReason: 'TOO_HEATED', author: { login: 'bob' } });
    expect(none).toBeNull();
  });
});

describe('Repository.issues', () => {
  const ISSUES = `query($first: Int, $after: String, $last: Int, $before: String, $states: [IssueState!], $filterBy: IssueFilters, $orderBy: IssueOrder) {
    repository(owner: "alice", name: "tracker") {
      issues(first: $first, after: $after, last: $last, before: $before, states: $states, filterBy: $filterBy, orderBy: $orderBy) {
        totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { number } } } } }`;
  const numbers = (body: any) => body.data.repository.issues.edges.map((e: any) => e.node.number);

  it('pages forward and backward, oldest first by default', async () => {
    const first = await gql(ISSUES, { first: 2 });
    expect(first.errors).toBeUndefined();
    expect(numbers(first)).toEqual([1, 2]);
    const page = first.data!.repository.issues;
    expect(page).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(numbers(await gql(ISSUES, { first: 2, after: page.pageInfo.endCursor }))).toEqual([3]);

    const last = await gql(ISSUES, { last: 2 });
    expect(numbers(last)).toEqual([2, 3]);
    expect(last.data!.repository.issues.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await gql(ISSUES, { last: 2, before: last.data!.repository.issues.pageInfo.startCursor });
    expect(numbers(before)).toEqual([1]);
    expect(numbers(await gql(ISSUES, { first: 5, orderBy: { field: 'CREATED_AT', direction: 'DESC' } }))).toEqual([
      3, 2, 1,
    ]);
    expect(numbers(await gql(ISSUES, { first: 5, orderBy: { field: 'COMMENTS', direction: 'DESC' } }))[0]).toBe(1);
  });

  it('filters by states, author, assignee and labels', async () => {
    expect(numbers(await gql(ISSUES, { first: 5, states: ['OPEN'] }))).toEqual([1, 3]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { states: ['CLOSED'] } }))).toEqual([2]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { createdBy: 'BOB' } }))).toEqual([3]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { assignee: 'alice' } }))).toEqual([1]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { assignee: '*' } }))).toEqual([1]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { assignee: null } }))).toEqual([2, 3]);
    // Any of the names, in any case (GitHub's labels filter).
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { labels: ['bug'] } }))).toEqual([1]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { labels: ['DOCS'] } }))).toEqual([1, 2]);
    expect(numbers(await gql(ISSUES, { first: 5, filterBy: { labels: ['nothing'] } }))).toEqual([]);
    const bad = await gql(ISSUES, { first: 5, filterBy: { since: 'yesterday' } });
    expect(bad.errors?.[0]?.type).toBe('INVALID_ARGUMENTS');
  });

  it('answers totalCount alone without `first`, and refuses listing without it', async () => {
    const count = await gql(
      '{ repository(owner: "alice", name: "tracker") { issues(states: [OPEN]) { totalCount } } }',
    );
    expect(count.errors).toBeUndefined();
    expect(count.data!.repository.issues.totalCount).toBe(2);
    const listing = await gql('{ repository(owner: "alice", name: "tracker") { issues { nodes { number } } } }');
    expect(listing.errors?.[0]?.type).toBe('MISSING_PAGINATION_BOUNDARIES');
  });

  it('costs a fixed number of statements for 50 issues with labels, authors and comment counts', async () => {
    const query = `{ repository(owner: "alice", name: "busy") { issues(first: 50) { totalCount nodes {
      number title author { login } labels(first: 10) { nodes { name } } comments { totalCount } } } } }`;
    await gql(query.replace('{ totalCount', '{  totalCount')); // warm the repository cache (another spelling: not the entry below)
    // Executed (the response cache, server/graphql/cache/, has no entry for
    // a new spelling): the fewest statements of three spellings, as the
    // server's background work (a job sweep, a rate-limit lease) can add one
    // to any single request on a busy machine. The last is the query itself.
    let body: Awaited<ReturnType<typeof gql>> | undefined;
    let fewest: string[] | undefined;
    for (const spelling of [
      query.replace('{ repository', '{   repository'),
      query.replace('{ repository', '{    repository'),
      query,
    ]) {
      statements.length = 0;
      body = await gql(spelling);
      if (!fewest || statements.length < fewest.length) fewest = [...statements];
    }
    statements.splice(0, statements.length, ...fewest!);
    body = body!;
    expect(body.errors).toBeUndefined();
    const nodes = body.data!.repository.issues.nodes;
    expect(nodes).toHaveLength(50);
    expect(nodes[1]).toMatchObject({
      number: 2,
      author: { login: 'bob' },
      labels: { nodes: [] },
      comments: { totalCount: 0 },
    });
    expect(nodes[2]).toMatchObject({
      number: 3,
      author: { login: 'alice' },
      labels: { nodes: [{ name: 'n3' }, { name: 'odd' }] },
    });
    const reads = statements.filter((q) => /\bFROM (issues|issue_comments|issue_labels|accounts)\b/.test(q));
    // The page (with its total), the authors and the labels; comment counts are a column of the page.
    expect(reads).toHaveLength(3);
    // …and the response cache's generations, read before the page.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
    // The same query again is a hit of the response cache: the generations only (fewest of three).
    let fewestHit = Infinity;
    for (let run = 0; run < 3; run++) {
      statements.length = 0;
      expect(await gql(query)).toEqual(body);
      fewestHit = Math.min(fewestHit, statements.length);
    }
    expect(fewestHit).toBeLessThanOrEqual(1);
  });
});

describe('node(id:) for issues and comments', () => {
  it('resolves I_ and IC_ ids for those who may see the repository; a deleted comment resolves to nothing', async () => {
    const ids = (
      await gql(`{ a: repository(owner: "alice", name: "tracker") { issue(number: 1) { id comments(first: 1) { nodes { id databaseId } } } }
      b: repository(owner: "alice", name: "secret") { issue(number: 1) { id } } }`)
    ).data!;
    const comment = ids.a.issue.comments.nodes[0];
    const all = [ids.a.issue.id, comment.id, ids.b.issue.id];
    const query =
      'query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Issue { title } ... on IssueComment { body } } }';
    expect((await gql(query, { ids: all })).data!.nodes).toEqual([
      { __typename: 'Issue', title: 'First' },
      { __typename: 'IssueComment', body: 'c1' },
      { __typename: 'Issue', title: 'Hidden' },
    ]);
    expect((await gql(query, { ids: all }, bob.token)).data!.nodes).toEqual([
      { __typename: 'Issue', title: 'First' },
      { __typename: 'IssueComment', body: 'c1' },
      null,
    ]);
    await rest(`/repos/alice/tracker/issues/comments/${comment.databaseId}`, 'DELETE');
    const gone = await gql('query($id: ID!) { node(id: $id) { id } }', { id: comment.id });
    expect(gone.errors?.[0]?.type).toBe('NOT_FOUND');
  });
});
