// Reviews, review comments and review threads by node ID (PRR_, PRRC_,
// PRRT_): resolved under the repository's visibility and the pending rule
// (another's draft resolves to nothing), as many statements for 20 nodes as
// for one, and issue 18's budget: one pull request's 50 reviews with their
// comments in at most 5 SQL statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../../ids/node-id.js';
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
let alice: TestUser;
let bob: TestUser;
let busy: PullRow;
const statements: string[] = [];
const reviews: number[] = [];
const comments: number[] = [];
const threads: number[] = [];

const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  graphqlOk(server, query, variables, token);

/** The mergeability jobs of the pull requests first: their statements are not the query's. */
async function jobsDone() {
  const deadline = Date.now() + 25_000;
  while ((await server.sql`SELECT 1 FROM pull_mergeability_jobs LIMIT 1`).length > 0) {
    if (Date.now() > deadline) throw new Error('mergeability jobs still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The fewest statements of three runs: the server's background work may add one to any request on a busy machine. */
async function cost(query: string, variables: Record<string, unknown>) {
  let fewest: string[] | undefined;
  let answer: Awaited<ReturnType<typeof gql>> | undefined;
  for (let run = 0; run < 3; run++) {
    statements.length = 0;
    answer = await gql(query, variables, alice.token);
    expect(answer.errors).toBeUndefined();
    if (!fewest || statements.length < fewest.length) fewest = [...statements];
  }
  return { statements: fewest!, data: answer!.data! };
}

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await repositoryWithReadme(server, alice.token, 'alice', 'busy');
  await branchWith(server, alice.token, 'alice/busy', 'feature', { 'a.txt': 'one\ntwo\n' });
  await openPullRequest(server, alice.token, 'alice/busy', { title: 'Busy', head: 'feature', base: 'main' });
  busy = await pullRow(server.sql, 'alice', 'busy', 1);
  // 50 reviews by two people, each with a thread of two comments.
  for (let i = 0; i < 50; i++) {
    const reviewer = i % 2 ? alice : bob;
    const review = await insertReview(server.sql, busy, reviewer.id, i % 5 ? 'COMMENTED' : 'APPROVED', `Review ${i}`);
    const thread = await insertThread(server.sql, busy, { path: 'a.txt', line: 1 + (i % 2) });
    const first = await insertComment(server.sql, busy, thread, review, reviewer.id, `Comment ${i}`);
    const reply = await insertComment(server.sql, busy, thread, review, reviewer.id, `Reply ${i}`, first);
    reviews.push(review);
    comments.push(first, reply);
    threads.push(thread);
  }
});
afterAll(() => server?.close());

describe('node(id:) for reviews, review comments and threads', () => {
  it('resolves each kind for those who see the repository, and another’s pending review for nobody else', async () => {
    await repositoryWithReadme(server, alice.token, 'alice', 'secret', true);
    await branchWith(server, alice.token, 'alice/secret', 'hidden', { 'h.txt': 'h\n' });
    await openPullRequest(server, alice.token, 'alice/secret', { title: 'Hidden', head: 'hidden', base: 'main' });
    const secret = await pullRow(server.sql, 'alice', 'secret', 1);
    const hiddenReview = await insertReview(server.sql, secret, alice.id, 'COMMENTED', 'private');
    const draft = await insertReview(server.sql, busy, bob.id, 'PENDING', 'draft');
    const draftThread = await insertThread(server.sql, busy, { path: 'a.txt', line: 2 });
    const draftComment = await insertComment(server.sql, busy, draftThread, draft, bob.id, 'draft note');
    const ids = [
      encodeNodeId('PullRequestReview', reviews[0]!),
      encodeNodeId('PullRequestReviewComment', comments[1]!),
      encodeNodeId('PullRequestReviewThread', threads[0]!),
      encodeNodeId('PullRequestReview', hiddenReview),
      encodeNodeId('PullRequestReview', draft),
      encodeNodeId('PullRequestReviewComment', draftComment),
      encodeNodeId('PullRequestReviewThread', draftThread),
    ];
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on PullRequestReview { body }
      ... on PullRequestReviewComment { body replyTo { body } } ... on PullRequestReviewThread { path comments { totalCount } } } }`;
    const seen = (await gql(query, { ids }, alice.token)).data!.nodes;
    expect(seen).toEqual([
      { __typename: 'PullRequestReview', id: ids[0], body: 'Review 0' },
      { __typename: 'PullRequestReviewComment', id: ids[1], body: 'Reply 0', replyTo: { body: 'Comment 0' } },
      { __typename: 'PullRequestReviewThread', id: ids[2], path: 'a.txt', comments: { totalCount: 2 } },
      { __typename: 'PullRequestReview', id: ids[3], body: 'private' },
      null,
      null,
      null,
    ]);
    const bobSees = (await gql(query, { ids }, bob.token)).data!.nodes;
    expect(bobSees.map((node: { __typename: string } | null) => node?.__typename ?? null)).toEqual([
      'PullRequestReview',
      'PullRequestReviewComment',
      'PullRequestReviewThread',
      null,
      'PullRequestReview',
      'PullRequestReviewComment',
      'PullRequestReviewThread',
    ]);
    const missing = await gql(
      'query($id: ID!) { node(id: $id) { id } }',
      { id: encodeNodeId('PullRequestReview', 999_999) },
      alice.token,
    );
    expect(missing.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('costs as many statements for 20 nodes of a kind as for one', async () => {
    await jobsDone();
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on PullRequestReview { state author { login } pullRequest { number } }
      ... on PullRequestReviewComment { body path pullRequestReview { state } } ... on PullRequestReviewThread { isResolved comments(first: 2) { nodes { body } } } } }`;
    for (const [type, rows] of [
      ['PullRequestReview', reviews],
      ['PullRequestReviewComment', comments],
      ['PullRequestReviewThread', threads],
    ] as const) {
      const ids = rows.slice(0, 20).map((id) => encodeNodeId(type, id));
      const one = await cost(query, { ids: ids.slice(0, 1) });
      const twenty = await cost(query, { ids });
      expect(twenty.data.nodes.filter((node: unknown) => node !== null)).toHaveLength(20);
      expect(twenty.statements.length, `${type}: ${twenty.statements.join('\n')}`).toBe(one.statements.length);
    }
  });
});

describe('statement budget', () => {
  it('reads one pull request with 50 reviews and their comments in at most 5 statements', async () => {
    await jobsDone();
    const query = `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { pullRequest(number: 1) {
      reviews(first: 50) { totalCount nodes { id databaseId state body submittedAt author { login } authorAssociation
        comments(first: 10) { totalCount nodes { id databaseId body path line originalLine diffHunk outdated author { login } createdAt url } } } } } } }`;
    await gql(query, { owner: 'alice', name: 'busy' }, alice.token); // warms the repository cache
    const { statements: used, data } = await cost(query, { owner: 'alice', name: 'busy' });
    const page = data.repository.pullRequest.reviews;
    expect(page.totalCount).toBe(50);
    expect(page.nodes).toHaveLength(50);
    expect(page.nodes[49].comments.nodes.map((c: { body: string }) => c.body)).toEqual(['Comment 49', 'Reply 49']);
    expect(page.nodes[0].comments.nodes[1]).toMatchObject({
      path: 'a.txt',
      line: 1,
      author: { login: 'bob' },
      url: expect.stringContaining('#discussion_r'),
    });
    expect(used.length, used.join('\n')).toBeLessThanOrEqual(5);
  });
});
