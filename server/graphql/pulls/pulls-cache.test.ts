// Pull request pages in the GraphQL response cache (cache/): a repeated page
// is a hit, and what changes a pull request's row is seen by the next query —
// a GraphQL draft change, a REST edit, a push that moves the head (the
// synchronize path) and a new pull request. What reads git (files, commits)
// keeps a query out of the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { graphqlResponseCache, type GraphqlResponseCache } from '../cache/response-cache.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';

let server: TestServer;
let alice: TestUser;
let cache: GraphqlResponseCache;

const PAGE = `{ repository(owner: "alice", name: "proj") { pullRequests(first: 10) { totalCount nodes {
  id number title state isDraft headRefName headRefOid additions author { login } labels(first: 5) { nodes { name } } } } } }`;

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, alice.token);

/** Until the mergeability job (server/pulls/merge/) has run for every open pull request: its update would make the next page a miss. */
async function mergeabilitySettled() {
  for (let tries = 0; ; tries += 1) {
    const open = await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls?state=open');
    if (
      (
        await Promise.all(
          open.map((pull: { number: number }) =>
            rest(server, alice.token, 'GET', `/repos/alice/proj/pulls/${pull.number}`),
          ),
        )
      ).every((pull: { mergeable: unknown }) => pull.mergeable !== null)
    )
      return;
    if (tries > 200) throw new Error('the mergeability job did not run');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The page twice: the second a hit equal to the first. */
async function pageTwice() {
  await mergeabilitySettled();
  const first = await gql(PAGE);
  expect(first.errors).toBeUndefined();
  const hits = cache.hits;
  expect(await gql(PAGE)).toEqual(first);
  expect(cache.hits).toBe(hits + 1);
  return first.data!.repository.pullRequests;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  cache = graphqlResponseCache(server.services);
  alice = await server.createUser('alice');
  await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'a\n' });
  await openPullRequest(server, alice.token, 'alice/proj', { title: 'Add a', head: 'feature', base: 'main' });
});
afterAll(() => server?.close());

describe('pull requests in the GraphQL response cache', () => {
  it('sees draft changes, edits, pushes to the head and new pull requests', async () => {
    const before = await pageTwice();
    expect(before.nodes[0]).toMatchObject({ title: 'Add a', isDraft: false, additions: 1 });
    const input = { pullRequestId: before.nodes[0].id };
    const drafted = await gql(
      'mutation($input: ConvertPullRequestToDraftInput!) { convertPullRequestToDraft(input: $input) { pullRequest { isDraft } } }',
      { input },
    );
    expect(drafted.errors).toBeUndefined();
    expect((await pageTwice()).nodes[0].isDraft).toBe(true);
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/1', { title: 'Add a, renamed' });
    expect((await pageTwice()).nodes[0].title).toBe('Add a, renamed');
    await rest(server, alice.token, 'PUT', '/repos/alice/proj/contents/more.txt', {
      message: 'more',
      content: Buffer.from('1\n2\n').toString('base64'),
      branch: 'feature',
    });
    const head = (await rest(server, alice.token, 'GET', '/repos/alice/proj/git/ref/heads/feature')).object.sha;
    expect((await pageTwice()).nodes[0]).toMatchObject({ headRefOid: head, additions: 3 });
    await rest(server, alice.token, 'POST', '/repos/alice/proj/issues/1/labels', { labels: ['bug'] });
    expect((await pageTwice()).nodes[0].labels.nodes).toEqual([{ name: 'bug' }]);
    await branchWith(server, alice.token, 'alice/proj', 'fix', { 'b.txt': 'b\n' });
    await openPullRequest(server, alice.token, 'alice/proj', { title: 'Fix', head: 'fix', base: 'main' });
    expect((await pageTwice()).totalCount).toBe(2);
  });

  it('keeps what reads git out of the cache', async () => {
    const query =
      '{ repository(owner: "alice", name: "proj") { pullRequest(number: 1) { files(first: 5) { nodes { path } } headRef { name } } } }';
    const first = await gql(query);
    expect(first.errors).toBeUndefined();
    const hits = cache.hits;
    expect(await gql(query)).toEqual(first);
    expect(cache.hits).toBe(hits);
  });
});
