// Query.search over GraphQL as `gh pr status` sends it: the caller's open
// pull requests (`author:@me`) and those awaiting the caller's review
// (`review-requested:@me`), with mergeStateStatus and the base branch's
// (absent) protection rule; paging, GitHub's errors for a type other than
// ISSUE and for a query the issue search refuses, visibility, and as many
// statements for many results as for one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';

let server: TestServer;
let alice: TestUser; // owns proj and secret
let bob: TestUser; // collaborator on proj
const statements: string[] = [];

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

// The fields of gh's PullRequestStatus query that this server declares (its own query text).
const STATUS_QUERY = `
fragment pr on PullRequest {
  number title state url isDraft isCrossRepository headRefName
  headRepositoryOwner { id login ... on User { name } }
  mergeStateStatus
  baseRef { branchProtectionRule { requiresStrictStatusChecks } }
  statusCheckRollup: commits(last: 1) { nodes { commit { statusCheckRollup { contexts {
    checkRunCount checkRunCountsByState { state count } statusContextCount statusContextCountsByState { state count } } } } } }
}
fragment prWithReviews on PullRequest { ...pr reviewDecision latestReviews(first: 100) { nodes { author { login } authorAssociation submittedAt body state } } }
query PullRequestStatus($owner: String!, $repo: String!, $headRefName: String!, $viewerQuery: String!, $reviewerQuery: String!, $per_page: Int = 10) {
  repository(owner: $owner, name: $repo) {
    defaultBranchRef { name }
    pullRequests(headRefName: $headRefName, first: $per_page, orderBy: { field: CREATED_AT, direction: DESC }) {
      totalCount edges { node { ...prWithReviews } }
    }
  }
  viewerCreated: search(query: $viewerQuery, type: ISSUE, first: $per_page) { totalCount: issueCount edges { node { ...prWithReviews } } }
  reviewRequested: search(query: $reviewerQuery, type: ISSUE, first: $per_page) { totalCount: issueCount edges { node { ...pr } } }
}`;

// As gh sends them when run on branch `headRefName` of owner/repo.
const statusVariables = (owner: string, repo: string, headRefName = 'feature') => ({
  owner,
  repo,
  headRefName,
  viewerQuery: `repo:${owner}/${repo} state:open is:pr author:@me`,
  reviewerQuery: `repo:${owner}/${repo} state:open review-requested:@me`,
});

async function mergeabilityComputed() {
  const deadline = Date.now() + 25_000;
  while ((await server.sql`SELECT 1 FROM pull_mergeability_jobs LIMIT 1`).length > 0) {
    if (Date.now() > deadline) throw new Error('mergeability jobs still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  const proj = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${proj}, ${bob.id}, 'write')`;
  // #1 alice's, ready; #2 bob's, asking alice's review; #3 alice's draft; #4 an issue of alice's; #5 alice's, closed.
  for (const [branch, token, draft] of [
    ['feature', alice.token, false],
    ['fix', bob.token, false],
    ['wip', alice.token, true],
  ] as const) {
    await branchWith(server, alice.token, 'alice/proj', branch, { [`${branch}.txt`]: `${branch}\n` });
    await openPullRequest(server, token, 'alice/proj', { title: `PR ${branch}`, head: branch, base: 'main', draft });
  }
  await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/2/requested_reviewers', { reviewers: ['alice'] });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'Just an issue' });
  await branchWith(server, alice.token, 'alice/proj', 'old', { 'old.txt': 'old\n' });
  await openPullRequest(server, alice.token, 'alice/proj', { title: 'PR old', head: 'old', base: 'main' });
  await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/5', { state: 'closed' });
  await repositoryWithReadme(server, alice.token, 'alice', 'secret', true);
  await branchWith(server, alice.token, 'alice/secret', 'hidden', { 'h.txt': 'h\n' });
  await openPullRequest(server, alice.token, 'alice/secret', { title: 'Hidden', head: 'hidden', base: 'main' });
  await mergeabilityComputed();
});
afterAll(() => server?.close());

describe("gh pr status's query", () => {
  it("answers the caller's open pull requests and those awaiting the caller's review", async () => {
    const body = await gql(STATUS_QUERY, statusVariables('alice', 'proj'));
    expect(body.errors).toBeUndefined();
    const { repository, viewerCreated, reviewRequested } = body.data!;
    expect(repository.defaultBranchRef).toEqual({ name: 'main' });
    expect(repository.pullRequests.totalCount).toBe(1);
    expect(repository.pullRequests.edges[0].node).toMatchObject({ number: 1, mergeStateStatus: 'CLEAN' });
    // Best match, ties newest first: the draft (#3) before #1.
    expect(viewerCreated.totalCount).toBe(2);
    expect(viewerCreated.edges.map((edge: any) => edge.node.number)).toEqual([3, 1]);
    const [draft, ready] = viewerCreated.edges.map((edge: any) => edge.node);
    expect(ready).toMatchObject({
      number: 1,
      title: 'PR feature',
      state: 'OPEN',
      url: `${server.url}/alice/proj/pull/1`,
      isDraft: false,
      isCrossRepository: false,
      headRefName: 'feature',
      headRepositoryOwner: { login: 'alice' },
      mergeStateStatus: 'CLEAN',
      baseRef: { branchProtectionRule: null },
      reviewDecision: null,
      latestReviews: { nodes: [] },
    });
    expect(ready.headRepositoryOwner.id).toMatch(/^U_/);
    expect(ready.statusCheckRollup.nodes).toHaveLength(1);
    expect(draft).toMatchObject({ number: 3, isDraft: true, mergeStateStatus: 'DRAFT' });
    expect(reviewRequested.totalCount).toBe(1);
    expect(reviewRequested.edges.map((edge: any) => edge.node)).toEqual([
      expect.objectContaining({ number: 2, title: 'PR fix', mergeStateStatus: 'CLEAN' }),
    ]);
    // For bob: his own pull request, and nothing awaits his review.
    const asBob = await gql(STATUS_QUERY, statusVariables('alice', 'proj'), bob.token);
    expect(asBob.errors).toBeUndefined();
    expect(asBob.data!.viewerCreated.edges.map((edge: any) => edge.node.number)).toEqual([2]);
    expect(asBob.data!.reviewRequested).toEqual({ totalCount: 0, edges: [] });
  });

  it('serves mergeStateStatus as REST serves mergeable_state', async () => {
    const body = await gql(
      '{ repository(owner: "alice", name: "proj") { pullRequests(first: 10) { nodes { number mergeStateStatus } } } }',
    );
    for (const { number, mergeStateStatus } of body.data!.repository.pullRequests.nodes) {
      const pull = await rest(server, alice.token, 'GET', `/repos/alice/proj/pulls/${number}`);
      expect(mergeStateStatus, `#${number}`).toBe(pull.mergeable_state.toUpperCase());
    }
  });
});

describe('Query.search', () => {
  it('finds issues and pull requests as their own types, and pages with cursors', async () => {
    const query = `query($q: String!, $after: String) { search(query: $q, type: ISSUE, first: 2, after: $after) {
      issueCount pageInfo { hasNextPage hasPreviousPage endCursor }
      edges { cursor node { __typename ... on Issue { number id } ... on PullRequest { number id } } }
      nodes { ... on Issue { title } ... on PullRequest { title } } } }`;
    const first = (await gql(query, { q: 'repo:alice/proj author:alice sort:created-asc' })).data!.search;
    expect(first.issueCount).toBe(4);
    expect(first.edges.map((edge: any) => [edge.node.__typename, edge.node.number])).toEqual([
      ['PullRequest', 1],
      ['PullRequest', 3],
    ]);
    expect(first.edges[0].node.id).toMatch(/^PR_/);
    expect(first.nodes.map((node: any) => node.title)).toEqual(['PR feature', 'PR wip']);
    expect(first.pageInfo).toMatchObject({
      hasNextPage: true,
      hasPreviousPage: false,
      endCursor: first.edges[1].cursor,
    });
    const second = (
      await gql(query, { q: 'repo:alice/proj author:alice sort:created-asc', after: first.pageInfo.endCursor })
    ).data!.search;
    expect(second.edges.map((edge: any) => [edge.node.__typename, edge.node.number])).toEqual([
      ['Issue', 4],
      ['PullRequest', 5],
    ]);
    expect(second.edges[0].node.id).toMatch(/^I_/);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const last = (
      await gql(
        '{ search(query: "repo:alice/proj sort:created-asc", type: ISSUE, last: 1) { issueCount nodes { ... on PullRequest { number } } } }',
      )
    ).data!.search;
    expect(last).toEqual({ issueCount: 5, nodes: [{ number: 5 }] });
    const countOnly = (await gql('{ search(query: "repo:alice/proj is:issue", type: ISSUE) { issueCount } }')).data!
      .search;
    expect(countOnly).toEqual({ issueCount: 1 });
  });

  it("keeps a private repository's issues from whoever cannot read it", async () => {
    const count = async (q: string, token: string) =>
      (await gql('query($q: String!) { search(query: $q, type: ISSUE, first: 5) { issueCount } }', { q }, token)).data!
        .search.issueCount;
    expect(await count('Hidden', alice.token)).toBe(1);
    expect(await count('Hidden', bob.token)).toBe(0);
    const refused = await gql(
      '{ search(query: "repo:alice/secret", type: ISSUE, first: 5) { issueCount } }',
      {},
      bob.token,
    );
    expect(refused.data).toBeNull();
    expect(refused.errors).toEqual([
      expect.objectContaining({
        type: 'UNPROCESSABLE',
        path: ['search'],
        message:
          'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
      }),
    ]);
  });

  it('refuses a search type other than ISSUE, rather than answering nothing', async () => {
    for (const type of ['REPOSITORY', 'USER', 'DISCUSSION']) {
      const body = await gql(`{ search(query: "wharf", type: ${type}, first: 5) { issueCount } }`);
      expect(body.data, type).toBeNull();
      expect(body.errors, type).toEqual([
        expect.objectContaining({
          type: 'INVALID_ARGUMENTS',
          path: ['search'],
          message: `This server searches only issues and pull requests (type: ISSUE), not ${type}.`,
        }),
      ]);
    }
  });

  it("refuses what the issue search refuses, with REST's message, and GitHub's paging limits", async () => {
    const error = async (q: string, extra = 'first: 5') => {
      const body = await gql(`query($q: String!) { search(query: $q, type: ISSUE, ${extra}) { issueCount } }`, { q });
      // Paging limits are refused before execution (no `data` at all); the search's own errors null it.
      expect(body.data ?? null, q).toBeNull();
      return body.errors![0]!;
    };
    expect(await error('is:nonsense')).toMatchObject({
      type: 'UNPROCESSABLE',
      path: ['search'],
      message: expect.stringContaining('is:nonsense is not supported'),
    });
    expect(await error('created:yesterday')).toMatchObject({
      type: 'UNPROCESSABLE',
      message: expect.stringContaining('"yesterday" is not a date'),
    });
    expect(await error('team-review-requested:org/team')).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'The qualifier `team-review-requested:` is not supported by this server yet.',
    });
    expect(await error('   ')).toMatchObject({ type: 'UNPROCESSABLE', message: 'The search query is empty.' });
    expect(await error('x'.repeat(300))).toMatchObject({
      type: 'UNPROCESSABLE',
      message: expect.stringContaining('longer than 256'),
    });
    // PostgreSQL text cannot hold NUL: refused before any statement, not a 500.
    for (const q of ['a\u0000b', 'label:"x\u0000"', 'review-requested:a\u0000']) {
      expect(await error(q)).toMatchObject({
        type: 'UNPROCESSABLE',
        message: expect.stringContaining('NUL character'),
      });
    }
    expect(await error('repo:alice/proj', 'first: 101')).toMatchObject({ type: 'EXCESSIVE_PAGINATION' });
    expect(await error('repo:alice/proj', 'first: 5, after: "bogus"')).toMatchObject({
      type: 'INVALID_CURSOR_ARGUMENTS',
    });
  });

  it('costs as many statements for many results as for one', async () => {
    const query = `query($q: String!, $first: Int!) { search(query: $q, type: ISSUE, first: $first) { issueCount nodes {
      ... on PullRequest { number title mergeStateStatus author { login } labels(first: 5) { nodes { name } } repository { name } }
      ... on Issue { number title author { login } labels(first: 5) { nodes { name } } repository { name } } } } }`;
    // The fewest of three runs: the server's background work may add a statement to any one request on a busy machine.
    const cost = async (q: string, first: number, found: number) => {
      let fewest = Infinity;
      for (let run = 0; run < 3; run++) {
        statements.length = 0;
        const body = await gql(query, { q, first });
        expect(body.errors).toBeUndefined();
        expect(body.data!.search.nodes).toHaveLength(found);
        fewest = Math.min(fewest, statements.length);
      }
      return fewest;
    };
    await mergeabilityComputed();
    const one = await cost('repo:alice/proj is:pr', 1, 1);
    // mergeStateStatus of clean pull requests reads the branch protection rules and the heads' statuses and
    // check runs, once for the page (three statements; the first result alone is not clean).
    const many = await cost('repo:alice/proj is:pr', 10, 4);
    expect(many).toBe(one + 3);
    // Issues beside pull requests: one statement more, for the issues, however many.
    expect(await cost('repo:alice/proj', 10, 5)).toBe(many + 1);
  });
});
