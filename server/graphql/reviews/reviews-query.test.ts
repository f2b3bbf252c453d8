// Reviews over GraphQL: PullRequest.reviews (GitHub's fields, filters by
// state and author, pages both ways), latestReviews and reviewDecision,
// reviewThreads with their comments (the thread's place shown by every
// comment), and pending reviews seen by their author only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme } from '../../test-support/graphql/pull-fixture.js';
import {
  insertComment,
  insertReview,
  insertThread,
  pullRow,
  type PullRow,
} from '../../test-support/graphql/review-rows.js';

let server: TestServer;
let alice: TestUser; // owns the repository
let bob: TestUser; // opened the pull request
let carol: TestUser; // a collaborator
let dave: TestUser; // has a pending review
let pull: PullRow;
const ids: Record<string, number> = {};

const gql = (query: string, token: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, token);
const onPull = (fields: string) =>
  `{ repository(owner: "alice", name: "proj") { pullRequest(number: 1) { ${fields} } } }`;
async function pullAs(token: string, fields: string) {
  const body = await gql(onPull(fields), token);
  expect(body.errors).toBeUndefined();
  return body.data!.repository.pullRequest;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  const repoId = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${carol.id}, 'write')`;
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'one\ntwo\n' });
  await openPullRequest(server, bob.token, 'alice/proj', { title: 'Add a', head: 'feature', base: 'main' });
  pull = await pullRow(server.sql, 'alice', 'proj', 1);
  const sql = server.sql;
  ids.r1 = await insertReview(sql, pull, alice.id, 'COMMENTED', 'Some notes', '2026-01-01T10:00:00Z');
  ids.t1 = await insertThread(sql, pull, { path: 'a.txt', line: 2, startLine: 1, startSide: 'RIGHT', position: 2 });
  ids.c1 = await insertComment(sql, pull, ids.t1, ids.r1, alice.id, 'Why two?');
  ids.r2 = await insertReview(sql, pull, carol.id, 'APPROVED', 'LGTM', '2026-01-01T11:00:00Z');
  ids.r3 = await insertReview(sql, pull, carol.id, 'CHANGES_REQUESTED', 'On second thought', '2026-01-01T12:00:00Z');
  ids.r4 = await insertReview(sql, pull, dave.id, 'PENDING', 'draft');
  ids.t2 = await insertThread(sql, pull, { path: 'a.txt', subjectType: 'file', side: null });
  ids.c2 = await insertComment(sql, pull, ids.t2, ids.r4, dave.id, 'A draft note');
  ids.r5 = await insertReview(sql, pull, bob.id, 'COMMENTED', '', '2026-01-01T13:00:00Z');
  ids.c3 = await insertComment(sql, pull, ids.t1, ids.r5, bob.id, 'Because.', ids.c1);
  ids.t3 = await insertThread(sql, pull, { path: 'README.md', line: 1, side: 'LEFT', outdated: true, position: 1 });
  ids.c4 = await insertComment(sql, pull, ids.t3, ids.r3, carol.id, 'Gone now');
});
afterAll(() => server?.close());

describe('PullRequest.reviews', () => {
  it("answers GitHub's fields, oldest first, without another's pending review", async () => {
    const { reviews } = await pullAs(
      alice.token,
      `reviews(first: 10) { totalCount nodes { id databaseId author { login } authorAssociation
      body state submittedAt publishedAt createdAt updatedAt commit { oid } url resourcePath viewerDidAuthor
      pullRequest { number } repository { nameWithOwner } comments(first: 5) { totalCount nodes { databaseId body } } } }`,
    );
    expect(reviews.totalCount).toBe(4);
    expect(reviews.nodes.map((r: any) => r.databaseId)).toEqual([ids.r1, ids.r2, ids.r3, ids.r5]);
    const [first, , third, fourth] = reviews.nodes;
    expect(first).toMatchObject({
      author: { login: 'alice' },
      authorAssociation: 'OWNER',
      body: 'Some notes',
      state: 'COMMENTED',
      submittedAt: '2026-01-01T10:00:00Z',
      publishedAt: '2026-01-01T10:00:00Z',
      commit: { oid: pull.headSha },
      url: `${server.url}/alice/proj/pull/1#pullrequestreview-${ids.r1}`,
      resourcePath: `/alice/proj/pull/1#pullrequestreview-${ids.r1}`,
      viewerDidAuthor: true,
      pullRequest: { number: 1 },
      repository: { nameWithOwner: 'alice/proj' },
      comments: { totalCount: 1, nodes: [{ databaseId: ids.c1, body: 'Why two?' }] },
    });
    expect(first.id).toMatch(/^PRR_/);
    expect(first.createdAt).toMatch(/Z$/);
    expect(third).toMatchObject({
      author: { login: 'carol' },
      authorAssociation: 'COLLABORATOR',
      state: 'CHANGES_REQUESTED',
      viewerDidAuthor: false,
    });
    expect(fourth).toMatchObject({ author: { login: 'bob' }, authorAssociation: 'NONE', comments: { totalCount: 1 } });
  });

  it('shows a pending review, and its comments, to its author only', async () => {
    const { reviews } = await pullAs(
      dave.token,
      `reviews(states: [PENDING], first: 5) { totalCount nodes {
      databaseId state submittedAt publishedAt viewerDidAuthor comments(first: 5) { nodes { body state publishedAt subjectType } } } }`,
    );
    expect(reviews).toEqual({
      totalCount: 1,
      nodes: [
        {
          databaseId: ids.r4,
          state: 'PENDING',
          submittedAt: null,
          publishedAt: null,
          viewerDidAuthor: true,
          comments: { nodes: [{ body: 'A draft note', state: 'PENDING', publishedAt: null, subjectType: 'FILE' }] },
        },
      ],
    });
    expect((await pullAs(alice.token, 'reviews(states: [PENDING]) { totalCount }')).reviews.totalCount).toBe(0);
    expect(await pullAs(dave.token, 'reviews { totalCount } reviewThreads { totalCount }')).toEqual({
      reviews: { totalCount: 5 },
      reviewThreads: { totalCount: 3 },
    });
    expect((await pullAs(carol.token, 'reviewThreads { totalCount }')).reviewThreads.totalCount).toBe(2);
  });

  it('filters by states and author, and pages both ways', async () => {
    const numbers = async (args: string) =>
      (
        await pullAs(
          alice.token,
          `reviews(${args}) { nodes { databaseId } pageInfo { hasNextPage hasPreviousPage endCursor } }`,
        )
      ).reviews;
    expect((await numbers('first: 5, states: [APPROVED, CHANGES_REQUESTED]')).nodes).toEqual([
      { databaseId: ids.r2 },
      { databaseId: ids.r3 },
    ]);
    expect((await numbers('first: 5, author: "CAROL"')).nodes).toEqual([
      { databaseId: ids.r2 },
      { databaseId: ids.r3 },
    ]);
    expect((await numbers('first: 5, author: "nobody"')).nodes).toEqual([]);
    const page = await numbers('first: 2');
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect((await numbers(`first: 5, after: "${page.pageInfo.endCursor}"`)).nodes).toEqual([
      { databaseId: ids.r3 },
      { databaseId: ids.r5 },
    ]);
    expect(await numbers('last: 1')).toMatchObject({
      nodes: [{ databaseId: ids.r5 }],
      pageInfo: { hasPreviousPage: true, hasNextPage: false },
    });
  });

  it('latestReviews keeps each reviewer’s last submitted review; reviewDecision is null without a protection requiring reviews', async () => {
    const answer = await pullAs(
      dave.token,
      'latestReviews(first: 10) { totalCount nodes { databaseId } } reviewDecision',
    );
    // Dave's pending review is not his latest; carol's request for changes replaced her approval. GitHub answers
    // reviewDecision only where branch protection requires reviews, whatever the reviews say.
    expect(answer).toEqual({
      latestReviews: { totalCount: 3, nodes: [{ databaseId: ids.r1 }, { databaseId: ids.r3 }, { databaseId: ids.r5 }] },
      reviewDecision: null,
    });
    expect(
      (await pullAs(alice.token, 'latestReviews(last: 1) { nodes { databaseId } pageInfo { hasPreviousPage } }'))
        .latestReviews,
    ).toEqual({ nodes: [{ databaseId: ids.r5 }], pageInfo: { hasPreviousPage: true } });
  });
});

describe('PullRequest.reviewThreads', () => {
  it('lists threads with their place, comments and resolution', async () => {
    const { reviewThreads } = await pullAs(
      alice.token,
      `reviewThreads(first: 10) { totalCount nodes { id path line startLine originalLine
      originalStartLine diffSide startDiffSide subjectType isOutdated isResolved isCollapsed resolvedBy { login } viewerCanResolve viewerCanUnresolve
      pullRequest { number } repository { name }
      comments(first: 10) { totalCount nodes { id databaseId body path line startLine originalLine originalStartLine diffHunk position originalPosition
        outdated subjectType state commit { oid } originalCommit { oid } replyTo { databaseId } pullRequestReview { databaseId }
        pullRequest { number } author { login } authorAssociation url viewerDidAuthor } }
      rest: comments(first: 5, skip: 1) { totalCount nodes { databaseId } } } }`,
    );
    expect(reviewThreads.totalCount).toBe(2);
    const [t1, t3] = reviewThreads.nodes;
    expect(t1.id).toMatch(/^PRRT_/);
    expect(t1).toMatchObject({
      path: 'a.txt',
      line: 2,
      startLine: 1,
      originalLine: 2,
      originalStartLine: 1,
      diffSide: 'RIGHT',
      startDiffSide: 'RIGHT',
      subjectType: 'LINE',
      isOutdated: false,
      isResolved: false,
      isCollapsed: false,
      resolvedBy: null,
      viewerCanResolve: true,
      viewerCanUnresolve: false,
      pullRequest: { number: 1 },
      repository: { name: 'proj' },
      rest: { totalCount: 1, nodes: [{ databaseId: ids.c3 }] },
    });
    const place = {
      path: 'a.txt',
      line: 2,
      startLine: 1,
      originalLine: 2,
      originalStartLine: 1,
      diffHunk: '@@ -0,0 +1,2 @@\n+one\n+two',
      position: 2,
      originalPosition: 2,
      outdated: false,
      subjectType: 'LINE',
      state: 'SUBMITTED',
      commit: { oid: pull.headSha },
      originalCommit: { oid: pull.headSha },
    };
    expect(t1.comments.totalCount).toBe(2);
    expect(t1.comments.nodes[0]).toMatchObject({
      ...place,
      databaseId: ids.c1,
      replyTo: null,
      pullRequestReview: { databaseId: ids.r1 },
      author: { login: 'alice' },
      authorAssociation: 'OWNER',
      viewerDidAuthor: true,
      url: `${server.url}/alice/proj/pull/1#discussion_r${ids.c1}`,
    });
    // A reply shows the thread's place too.
    expect(t1.comments.nodes[1]).toMatchObject({
      ...place,
      databaseId: ids.c3,
      replyTo: { databaseId: ids.c1 },
      pullRequestReview: { databaseId: ids.r5 },
      author: { login: 'bob' },
      authorAssociation: 'NONE',
      viewerDidAuthor: false,
    });
    expect(t1.comments.nodes[1].id).toMatch(/^PRRC_/);
    // Outdated: no current line or position; the original ones stay.
    expect(t3).toMatchObject({ path: 'README.md', line: null, originalLine: 1, diffSide: 'LEFT', isOutdated: true });
    expect(t3.comments.nodes[0]).toMatchObject({
      line: null,
      position: null,
      originalLine: 1,
      originalPosition: 1,
      outdated: true,
    });
  });

  it('lets write access and the pull request’s author resolve, not others', async () => {
    const eve = await server.createUser('eve');
    const can = async (user: TestUser) =>
      (await pullAs(user.token, 'reviewThreads(first: 1) { nodes { viewerCanResolve } }')).reviewThreads.nodes[0]
        .viewerCanResolve;
    expect(await can(carol)).toBe(true);
    expect(await can(bob)).toBe(true);
    expect(await can(eve)).toBe(false);
  });
});
