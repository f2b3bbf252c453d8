// One pull request over GraphQL: Repository.pullRequest with GitHub's fields,
// its closed, draft and merged states, commits and files read from git, and
// node(id) for PR_ ids under the repository's visibility, with as many
// statements for 20 pull requests as for one. Lists of them:
// pull-request-lists-query.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { branchWith, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';
import { startPullQueryScenario } from '../../test-support/graphql/pull-query-scenario.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let featureSha: string;
let mainSha: string;
let statements: string[];

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

beforeAll(async () => {
  ({ server, alice, bob, featureSha, mainSha, statements } = await startPullQueryScenario());
});
afterAll(() => server?.close());

describe('Repository.pullRequest', () => {
  it("answers GitHub's fields", async () => {
    // mergeable is computed by a job (server/pulls/merge/): wait for it, so the answer does not depend on timing.
    for (
      let tries = 0;
      (await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/1')).mergeable === null;
      tries += 1
    ) {
      if (tries > 200) throw new Error('the mergeability job did not run');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const body = await gql(`{ repository(owner: "alice", name: "proj") {
      pullRequest(number: 1) { id databaseId number title body state isDraft merged mergedAt mergedBy { login } mergeable mergeCommit { oid }
        headRefName headRefOid baseRefName baseRefOid headRef { name target { oid } } baseRef { prefix name }
        headRepository { nameWithOwner } baseRepository { nameWithOwner } repository { nameWithOwner } headRepositoryOwner { login }
        isCrossRepository author { login } closed closedAt url permalink resourcePath additions deletions changedFiles
        maintainerCanModify locked totalCommentsCount viewerCanLabel viewerCanReact
        labels(first: 5) { nodes { name } } assignees(first: 5) { nodes { login } } milestone { title }
        comments(first: 5) { totalCount } reactionGroups { content } }
      none: pullRequest(number: 2) { number }
      missing: pullRequest(number: 99) { number } } }`);
    // An issue's number (2) or no number (99): null, each with GitHub's NOT_FOUND error (gh reports it).
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['repository', 'none'],
        message: 'Could not resolve to a PullRequest with the number of 2.',
      }),
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['repository', 'missing'],
        message: 'Could not resolve to a PullRequest with the number of 99.',
      }),
    ]);
    const { pullRequest: pull, none, missing } = body.data!.repository;
    expect(pull).toMatchObject({
      number: 1,
      title: 'Add a',
      body: 'Please pull',
      state: 'OPEN',
      isDraft: false,
      merged: false,
      mergedAt: null,
      mergedBy: null,
      mergeable: 'MERGEABLE',
      mergeCommit: null,
      headRefName: 'feature',
      headRefOid: featureSha,
      baseRefName: 'main',
      baseRefOid: mainSha,
      headRef: { name: 'feature', target: { oid: featureSha } },
      baseRef: { prefix: 'refs/heads/', name: 'main' },
      headRepository: { nameWithOwner: 'alice/proj' },
      baseRepository: { nameWithOwner: 'alice/proj' },
      repository: { nameWithOwner: 'alice/proj' },
      headRepositoryOwner: { login: 'alice' },
      isCrossRepository: false,
      author: { login: 'alice' },
      closed: false,
      closedAt: null,
      url: `${server.url}/alice/proj/pull/1`,
      permalink: `${server.url}/alice/proj/pull/1`,
      resourcePath: '/alice/proj/pull/1',
      additions: 3,
      deletions: 1,
      changedFiles: 2,
      maintainerCanModify: false,
      locked: false,
      totalCommentsCount: 0,
      viewerCanLabel: true,
      viewerCanReact: true,
      labels: { nodes: [{ name: 'bug' }] },
      assignees: { nodes: [{ login: 'alice' }] },
      milestone: null,
      comments: { totalCount: 0 },
    });
    expect(pull.id).toMatch(/^PR_/);
    expect(pull.reactionGroups).toHaveLength(8);
    expect(none).toBeNull();
    expect(missing).toBeNull();
  });

  it('serves closed, draft and merged states', async () => {
    const body = await gql(
      `{ repository(owner: "alice", name: "proj") {
      closed: pullRequest(number: 3) { state closed isDraft merged author { login } viewerCanLabel }
      merged: pullRequest(number: 4) { state closed merged mergedAt mergedBy { login } mergeCommit { oid } } } }`,
      {},
      bob.token,
    );
    expect(body.errors).toBeUndefined();
    const { closed, merged } = body.data!.repository;
    expect(closed).toEqual({
      state: 'CLOSED',
      closed: true,
      isDraft: true,
      merged: false,
      author: { login: 'bob' },
      viewerCanLabel: false,
    });
    expect(merged).toMatchObject({
      state: 'MERGED',
      closed: true,
      merged: true,
      mergedBy: { login: 'alice' },
      mergeCommit: { oid: mainSha },
    });
    expect(merged.mergedAt).toMatch(/Z$/);
  });

  it('lists commits oldest first and files with their change types', async () => {
    const body = await gql(`{ repository(owner: "alice", name: "proj") { pullRequest(number: 1) {
      commits(first: 10) { totalCount nodes { resourcePath url pullRequest { number } commit { oid messageHeadline parents(first: 1) { totalCount } } } }
      lastCommit: commits(last: 1) { nodes { commit { oid } } pageInfo { hasPreviousPage } }
      files(first: 10) { totalCount nodes { path additions deletions changeType } }
      page: files(first: 1, after: "Y3Vyc29yOjE=") { nodes { path } pageInfo { hasNextPage } } } } }`);
    expect(body.errors).toBeUndefined();
    const pull = body.data!.repository.pullRequest;
    expect(pull.commits.totalCount).toBe(2);
    expect(pull.commits.nodes.map((n: any) => n.commit.messageHeadline)).toEqual(['write a.txt', 'write README.md']);
    expect(pull.commits.nodes[1]).toMatchObject({
      resourcePath: `/alice/proj/pull/1/commits/${featureSha}`,
      url: `${server.url}/alice/proj/pull/1/commits/${featureSha}`,
      pullRequest: { number: 1 },
      commit: { oid: featureSha },
    });
    expect(pull.lastCommit).toEqual({ nodes: [{ commit: { oid: featureSha } }], pageInfo: { hasPreviousPage: true } });
    expect(pull.files).toEqual({
      totalCount: 2,
      nodes: [
        { path: 'README.md', additions: 1, deletions: 1, changeType: 'MODIFIED' },
        { path: 'a.txt', additions: 2, deletions: 0, changeType: 'ADDED' },
      ],
    });
    expect(pull.page).toEqual({ nodes: [{ path: 'a.txt' }], pageInfo: { hasNextPage: false } });
  });
});

describe('node(id:) for pull requests', () => {
  it('resolves PR_ ids (and the interfaces) for those who may see the repository', async () => {
    const ids = (
      await gql(`{ a: repository(owner: "alice", name: "proj") { pullRequest(number: 1) { id } }
      b: repository(owner: "alice", name: "secret") { pullRequest(number: 1) { id } } }`)
    ).data!;
    const all = [ids.a.pullRequest.id, ids.b.pullRequest.id];
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on PullRequest { title }
      ... on Labelable { labels(first: 1) { totalCount } } ... on Assignable { assignees { totalCount } }
      ... on Lockable { locked } ... on Reactable { viewerCanReact } } }`;
    const seen = {
      __typename: 'PullRequest',
      title: 'Add a',
      labels: { totalCount: 1 },
      assignees: { totalCount: 1 },
      locked: false,
      viewerCanReact: true,
    };
    expect((await gql(query, { ids: all })).data!.nodes).toEqual([
      seen,
      { ...seen, title: 'Hidden', labels: { totalCount: 0 }, assignees: { totalCount: 0 } },
    ]);
    expect((await gql(query, { ids: all }, bob.token)).data!.nodes).toEqual([seen, null]);
    // An I_ id of the same row is not a PR_ id, and a PR_ id of a plain issue resolves to nothing.
    const issueId = (await rest(server, alice.token, 'GET', '/repos/alice/proj/issues/2')).node_id as string;
    const asPull = issueId.replace(/^I_/, 'PR_');
    expect((await gql('query($id: ID!) { node(id: $id) { id } }', { id: asPull })).errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('costs as many statements for 20 pull requests as for one', async () => {
    await repositoryWithReadme(server, alice.token, 'alice', 'busy');
    const ids: string[] = [];
    // One commit, twenty branches at it (made at once): twenty heads without twenty commits' worth of requests.
    const head = await branchWith(server, alice.token, 'alice/busy', 'b0', { 'f.txt': 'f\n' });
    const branches = Array.from({ length: 20 }, (_, i) => `b${i + 1}`);
    await Promise.all(
      branches.map((b) =>
        rest(server, alice.token, 'POST', '/repos/alice/busy/git/refs', { ref: `refs/heads/${b}`, sha: head }),
      ),
    );
    // One after another, so pull request i is number i (odd ones alice's, even ones bob's).
    for (const [i, b] of branches.entries()) {
      const token = i % 2 ? bob.token : alice.token;
      const created = await rest(server, token, 'POST', '/repos/alice/busy/pulls', {
        title: `PR ${i + 1}`,
        head: b,
        base: 'main',
      });
      ids.push(created.node_id as string);
    }
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on PullRequest { number title state headRefName author { login }
      labels(first: 5) { nodes { name } } assignees(first: 5) { nodes { login } } repository { name } } } }`;
    // The fewest of three runs: the server's background work may add a statement to any one request on a busy machine.
    const cost = async (some: string[]) => {
      let fewest = Infinity;
      for (let run = 0; run < 3; run++) {
        statements.length = 0;
        const body = await gql(query, { ids: some });
        expect(body.errors).toBeUndefined();
        expect(body.data!.nodes).toHaveLength(some.length);
        fewest = Math.min(fewest, statements.length);
      }
      return fewest;
    };
    // The mergeability jobs of the 20 pull requests first: their statements are not the query's.
    const deadline = Date.now() + 25_000;
    while ((await server.sql`SELECT 1 FROM pull_mergeability_jobs LIMIT 1`).length > 0) {
      if (Date.now() > deadline) throw new Error('mergeability jobs still queued');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const one = await cost(ids.slice(0, 1));
    expect(await cost(ids)).toBe(one);
    expect(one).toBeLessThanOrEqual(6);
    const page = await gql(
      '{ repository(owner: "alice", name: "busy") { pullRequests(first: 20, states: [OPEN]) { totalCount nodes { author { login } } } } }',
    );
    expect(page.data!.repository.pullRequests.totalCount).toBe(20);
    expect(page.data!.repository.pullRequests.nodes[1].author.login).toBe('bob');
  });
});
