// Reviews in the GraphQL response cache (cache/): a repeated review page is a
// hit, and what changes reviews, threads or their comments is seen by the
// next query — a comment through REST, a review through REST, a thread
// resolved through GraphQL and a push that moves a commented line (the
// thread re-mapped in the push's transaction). Another person's pending
// review stays theirs: viewers never share an entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { graphqlResponseCache, type GraphqlResponseCache } from '../cache/response-cache.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let cache: GraphqlResponseCache;
let head = '';

const PAGE = `{ repository(owner: "alice", name: "proj") { pullRequest(number: 1) {
  reviews(first: 10) { totalCount nodes { id state body author { login } comments(first: 5) { nodes { body line path } } } }
  reviewThreads(first: 10) { totalCount nodes { id isResolved line path comments(first: 5) { totalCount } } } } } }`;

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Until the mergeability job has run: its update of the pull request row would make the next page a miss. */
async function mergeabilitySettled() {
  for (let tries = 0; ; tries += 1) {
    if ((await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/1')).mergeable !== null) return;
    if (tries > 200) throw new Error('the mergeability job did not run');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The page twice as `user`: the second a hit equal to the first. */
async function pageTwice(user: TestUser = alice) {
  await mergeabilitySettled();
  const first = await graphqlOk(server, PAGE, {}, user.token);
  expect(first.errors).toBeUndefined();
  const hits = cache.hits;
  expect(await graphqlOk(server, PAGE, {}, user.token)).toEqual(first);
  expect(cache.hits).toBe(hits + 1);
  return first.data!.repository.pullRequest;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  cache = graphqlResponseCache(server.services);
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'one\ntwo\nthree\n' });
  await openPullRequest(server, alice.token, 'alice/proj', { title: 'Add a', head: 'feature', base: 'main' });
  head = (await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/1')).head.sha;
});
afterAll(() => server?.close());

describe('reviews in the GraphQL response cache', () => {
  it('sees comments, reviews, resolved threads and re-mapped lines', async () => {
    expect((await pageTwice()).reviews.totalCount).toBe(0);
    await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/1/comments', {
      body: 'Why two?',
      commit_id: head,
      path: 'a.txt',
      line: 2,
    });
    const commented = await pageTwice();
    expect(commented.reviews.nodes).toMatchObject([
      { state: 'COMMENTED', author: { login: 'bob' }, comments: { nodes: [{ body: 'Why two?', line: 2 }] } },
    ]);
    expect(commented.reviewThreads.nodes).toMatchObject([{ isResolved: false, line: 2, path: 'a.txt' }]);
    await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/1/reviews', { event: 'APPROVE', body: 'Fine' });
    expect((await pageTwice()).reviews.nodes.map((r: { state: string }) => r.state)).toEqual(['COMMENTED', 'APPROVED']);
    const thread = commented.reviewThreads.nodes[0].id;
    const resolved = await graphqlOk(
      server,
      'mutation($id: ID!) { resolveReviewThread(input: { threadId: $id }) { thread { isResolved } } }',
      { id: thread },
      alice.token,
    );
    expect(resolved.errors).toBeUndefined();
    expect((await pageTwice()).reviewThreads.nodes[0].isResolved).toBe(true);
    // Two lines above the commented one: the thread moves to line 4 in the push's transaction.
    const file = await rest(server, alice.token, 'GET', '/repos/alice/proj/contents/a.txt?ref=feature');
    await rest(server, alice.token, 'PUT', '/repos/alice/proj/contents/a.txt', {
      message: 'Two lines first',
      content: b64('zero\nhalf\none\ntwo\nthree\n'),
      sha: file.sha,
      branch: 'feature',
    });
    expect((await pageTwice()).reviewThreads.nodes[0].line).toBe(4);
  });

  it("keeps another person's pending review out of one's own cached page", async () => {
    await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/1/reviews', { body: 'Thinking' });
    const mine = await pageTwice(bob);
    expect(mine.reviews.nodes.map((r: { state: string }) => r.state)).toContain('PENDING');
    const theirs = await pageTwice(alice);
    expect(theirs.reviews.nodes.map((r: { state: string }) => r.state)).not.toContain('PENDING');
  });
});
