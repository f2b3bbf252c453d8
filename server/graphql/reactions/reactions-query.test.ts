// Reactions over GraphQL, read side: reactionGroups (all eight, GitHub's
// order, counts from the rollup, createdAt and viewerHasReacted per caller),
// the reactions connection (content filter, pages both ways, orderBy,
// totalCount alone), reactors and users, viewerCanReact under GitHub's lock
// rule, RE_ ids through node/nodes, and a fixed number of statements for a
// page of 50 issues with their reaction groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const statements: string[] = [];

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const rest = (path: string, method: string, body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, token, body });

let commentId = 0;

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await rest('/user/repos', 'POST', { name: 'moods' });
  await rest('/user/repos', 'POST', { name: 'hidden', private: true });
  await rest('/user/repos', 'POST', { name: 'crowd' });
  // moods #1: +1 by bob then alice, heart by bob, laugh by carol; a comment with a rocket by alice. #2 locked.
  await rest('/repos/alice/moods/issues', 'POST', { title: 'Feelings' });
  await rest('/repos/alice/moods/issues/1/reactions', 'POST', { content: '+1' }, bob.token);
  await rest('/repos/alice/moods/issues/1/reactions', 'POST', { content: '+1' });
  await rest('/repos/alice/moods/issues/1/reactions', 'POST', { content: 'heart' }, bob.token);
  await rest('/repos/alice/moods/issues/1/reactions', 'POST', { content: 'laugh' }, carol.token);
  commentId = (await rest('/repos/alice/moods/issues/1/comments', 'POST', { body: 'yes' })).id;
  await rest(`/repos/alice/moods/issues/comments/${commentId}/reactions`, 'POST', { content: 'rocket' });
  await rest('/repos/alice/moods/issues', 'POST', { title: 'Quiet' });
  await rest('/repos/alice/moods/issues/2/lock', 'PUT', {});
  await rest('/repos/alice/hidden/issues', 'POST', { title: 'Secret' });
  await rest('/repos/alice/hidden/issues/1/reactions', 'POST', { content: 'eyes' });
  for (let i = 1; i <= 50; i++) {
    await rest('/repos/alice/crowd/issues', 'POST', { title: `Crowd ${i}` });
    if (i % 3 === 0)
      await rest(
        `/repos/alice/crowd/issues/${i}/reactions`,
        'POST',
        { content: 'hooray' },
        i % 2 ? bob.token : alice.token,
      );
  }
});
afterAll(() => server.close());

const GROUPS = `{ repository(owner: "alice", name: "moods") { issue(number: 1) {
  reactionGroups { content createdAt viewerHasReacted subject { id } reactors { totalCount } users { totalCount } } } } }`;

describe('reactionGroups', () => {
  it("lists all eight contents in GitHub's order with the rollup's counts, first reaction time and the viewer's own", async () => {
    const body = await gql(GROUPS, {}, bob.token);
    expect(body.errors).toBeUndefined();
    const groups = body.data!.repository.issue.reactionGroups;
    expect(groups.map((g: any) => g.content)).toEqual([
      'THUMBS_UP',
      'THUMBS_DOWN',
      'LAUGH',
      'HOORAY',
      'CONFUSED',
      'HEART',
      'ROCKET',
      'EYES',
    ]);
    expect(groups.map((g: any) => g.reactors.totalCount)).toEqual([2, 0, 1, 0, 0, 1, 0, 0]);
    expect(groups.map((g: any) => g.users.totalCount)).toEqual([2, 0, 1, 0, 0, 1, 0, 0]);
    expect(groups.map((g: any) => g.viewerHasReacted)).toEqual([true, false, false, false, false, true, false, false]);
    expect(groups[0].createdAt).toMatch(/Z$/);
    expect(groups[1].createdAt).toBeNull();
    expect(groups[0].subject.id).toMatch(/^I_/);
    const forCarol = (await gql(GROUPS, {}, carol.token)).data!.repository.issue.reactionGroups;
    expect(forCarol.map((g: any) => g.viewerHasReacted)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lists the reactors of a group, oldest first, with when they reacted', async () => {
    const body = await gql(`{ repository(owner: "alice", name: "moods") { issue(number: 1) { reactionGroups {
      reactors(first: 1) { totalCount pageInfo { hasNextPage endCursor } edges { reactedAt node { __typename ... on User { login } } } }
      users(last: 5) { nodes { login } } } } } }`);
    expect(body.errors).toBeUndefined();
    const [thumbsUp] = body.data!.repository.issue.reactionGroups;
    expect(thumbsUp.reactors).toMatchObject({
      totalCount: 2,
      pageInfo: { hasNextPage: true },
      edges: [{ node: { __typename: 'User', login: 'bob' } }],
    });
    expect(thumbsUp.reactors.edges[0].reactedAt).toMatch(/Z$/);
    expect(thumbsUp.users.nodes).toEqual([{ login: 'bob' }, { login: 'alice' }]);
  });
});

describe('reactions connection', () => {
  const REACTIONS = `query($first: Int, $after: String, $last: Int, $content: ReactionContent, $orderBy: ReactionOrder) {
    repository(owner: "alice", name: "moods") { issue(number: 1) {
      reactions(first: $first, after: $after, last: $last, content: $content, orderBy: $orderBy) {
        totalCount viewerHasReacted pageInfo { hasNextPage endCursor }
        nodes { id databaseId content createdAt user { login } reactable { __typename ... on Issue { number } } } } } } }`;
  const page = (body: any) => body.data.repository.issue.reactions;

  it('pages oldest first, filters by content, orders and counts', async () => {
    const first = page(await gql(REACTIONS, { first: 3 }));
    expect(first.totalCount).toBe(4);
    expect(first.viewerHasReacted).toBe(true);
    expect(first.nodes.map((n: any) => [n.content, n.user.login])).toEqual([
      ['THUMBS_UP', 'bob'],
      ['THUMBS_UP', 'alice'],
      ['HEART', 'bob'],
    ]);
    expect(first.nodes[0]).toMatchObject({ reactable: { __typename: 'Issue', number: 1 } });
    expect(first.nodes[0].id).toMatch(/^RE_/);
    const rest = page(await gql(REACTIONS, { first: 3, after: first.pageInfo.endCursor }));
    expect(rest.nodes.map((n: any) => n.user.login)).toEqual(['carol']);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    expect(page(await gql(REACTIONS, { last: 1 })).nodes.map((n: any) => n.content)).toEqual(['LAUGH']);
    const newest = page(await gql(REACTIONS, { first: 2, orderBy: { field: 'CREATED_AT', direction: 'DESC' } }));
    expect(newest.nodes.map((n: any) => n.content)).toEqual(['LAUGH', 'HEART']);
    const hearts = page(await gql(REACTIONS, { first: 5, content: 'HEART' }, carol.token));
    expect(hearts).toMatchObject({ totalCount: 1, viewerHasReacted: false, nodes: [{ user: { login: 'bob' } }] });
    // totalCount alone needs no `first` (the rollup answers it).
    const count = await gql(
      '{ repository(owner: "alice", name: "moods") { issue(number: 1) { reactions(content: THUMBS_UP) { totalCount } } } }',
    );
    expect(count.data!.repository.issue.reactions.totalCount).toBe(2);
  });

  it("serves comments too, and answers viewerCanReact by GitHub's lock rule", async () => {
    const body = await gql(
      `{ repository(owner: "alice", name: "moods") {
      one: issue(number: 1) { viewerCanReact comments(first: 1) { nodes { viewerCanReact databaseId reactions(first: 5) { totalCount nodes { content reactable { __typename } } } } } }
      locked: issue(number: 2) { viewerCanReact } } }`,
      {},
      bob.token,
    );
    expect(body.errors).toBeUndefined();
    const { one, locked } = body.data!.repository;
    expect(one.viewerCanReact).toBe(true);
    expect(one.comments.nodes[0]).toEqual({
      viewerCanReact: true,
      databaseId: commentId,
      reactions: { totalCount: 1, nodes: [{ content: 'ROCKET', reactable: { __typename: 'IssueComment' } }] },
    });
    expect(locked.viewerCanReact).toBe(false); // bob has no push access
    expect(
      (await gql('{ repository(owner: "alice", name: "moods") { issue(number: 2) { viewerCanReact } } }')).data!
        .repository.issue.viewerCanReact,
    ).toBe(true);
    const readOnly = await server.createUser('dora', { scopes: ['user'] });
    expect(
      (
        await gql(
          '{ repository(owner: "alice", name: "moods") { issue(number: 1) { viewerCanReact } } }',
          {},
          readOnly.token,
        )
      ).data!.repository.issue.viewerCanReact,
    ).toBe(false);
  });
});

describe('node(id:) for reactions', () => {
  it('resolves RE_ ids for those who may see the repository', async () => {
    const mine = await gql(
      '{ repository(owner: "alice", name: "hidden") { issue(number: 1) { reactions(first: 1) { nodes { id } } } } }',
    );
    const hiddenId = mine.data!.repository.issue.reactions.nodes[0].id;
    const visible = await gql(
      '{ repository(owner: "alice", name: "moods") { issue(number: 1) { reactions(first: 1) { nodes { id } } } } }',
    );
    const publicId = visible.data!.repository.issue.reactions.nodes[0].id;
    const query = 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Reaction { content user { login } } } }';
    expect((await gql(query, { ids: [publicId, hiddenId] })).data!.nodes).toEqual([
      { __typename: 'Reaction', content: 'THUMBS_UP', user: { login: 'bob' } },
      { __typename: 'Reaction', content: 'EYES', user: { login: 'alice' } },
    ]);
    expect((await gql(query, { ids: [publicId, hiddenId] }, carol.token)).data!.nodes).toEqual([
      { __typename: 'Reaction', content: 'THUMBS_UP', user: { login: 'bob' } },
      null,
    ]);
  });
});

describe('cost', () => {
  it('costs a fixed number of statements for 50 issues with their reaction groups and reactions', async () => {
    const query = `{ repository(owner: "alice", name: "crowd") { issues(first: 50) { nodes {
      number reactionGroups { content createdAt viewerHasReacted reactors { totalCount } } reactions { totalCount } } } } }`;
    await gql(query); // warm the repository cache
    statements.length = 0;
    const body = await gql(query);
    expect(body.errors).toBeUndefined();
    const nodes = body.data!.repository.issues.nodes;
    expect(nodes).toHaveLength(50);
    expect(nodes[2].reactionGroups[3]).toMatchObject({
      content: 'HOORAY',
      viewerHasReacted: false,
      reactors: { totalCount: 1 },
    });
    expect(nodes[5].reactionGroups[3]).toMatchObject({
      content: 'HOORAY',
      viewerHasReacted: true,
      reactors: { totalCount: 1 },
    });
    expect(nodes[5].reactionGroups[3].createdAt).toMatch(/Z$/);
    expect(nodes[0].reactions.totalCount).toBe(0);
    expect(nodes[2].reactions.totalCount).toBe(1);
    // The page (with its total) and one summary of every issue's reactions.
    expect(statements.filter((q) => /\bFROM reactions\b/.test(q))).toHaveLength(1);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
  });
});
