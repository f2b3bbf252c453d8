// Issue.closedByPullRequestsReferences: the pull requests whose description
// closes the issue by a closing keyword, the other side of
// PullRequest.closingIssuesReferences. Open and merged ones by default (as
// GitHub), closed unmerged ones with includeClosedPrs; only those into their
// repository's default branch; a
// mention without a keyword is no link; another repository's `owner/name#n`
// is listed where the caller may read that repository, never elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../../test-support/api-call.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { branchWith, repositoryWithReadme } from '../../test-support/graphql/pull-fixture.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const rest = (path: string, token: string, method = 'GET', body?: unknown) =>
  apiOk(server, path, { method, token, body });

async function pull(owner: TestUser, repo: string, branch: string, base: string, body: string): Promise<number> {
  await branchWith(server, owner.token, `${owner.login}/${repo}`, branch, { [`${branch}.txt`]: `${branch}\n` });
  const created = await rest(`/repos/${owner.login}/${repo}/pulls`, owner.token, 'POST', {
    title: branch,
    head: branch,
    base,
    body,
  });
  return created.number as number;
}

async function closedBy(number: number, args: string, token: string) {
  const { data, errors } = await graphqlOk(
    server,
    `{ repository(owner: "alice", name: "pub") { issue(number: ${number}) {
      closedByPullRequestsReferences(${args}) { totalCount nodes { number state repository { nameWithOwner } } }
    } } }`,
    {},
    token,
  );
  expect(errors).toBeUndefined();
  const list = data!.repository.issue.closedByPullRequestsReferences;
  return {
    totalCount: list.totalCount as number,
    pulls: list.nodes.map(
      (node: { number: number; state: string; repository: { nameWithOwner: string } }) =>
        `${node.repository.nameWithOwner}#${node.number} ${node.state}`,
    ),
  };
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await repositoryWithReadme(server, alice.token, 'alice', 'pub');
  await rest('/repos/alice/pub/issues', alice.token, 'POST', { title: 'one' });
  await rest('/repos/alice/pub/issues', alice.token, 'POST', { title: 'two' });
  await branchWith(server, alice.token, 'alice/pub', 'develop', { 'd.txt': 'd\n' });
  expect(await pull(alice, 'pub', 'fix-one', 'main', 'Fixes #1')).toBe(3);
  expect(await pull(alice, 'pub', 'fix-two', 'main', 'This closes #2.')).toBe(4);
  await pull(alice, 'pub', 'into-develop', 'develop', 'Fixes #1');
  await pull(alice, 'pub', 'mention', 'main', 'Mentions #1 and fixes #12, without closing one');
  expect(await pull(alice, 'pub', 'fix-two-again', 'main', 'Resolves #2')).toBe(7);
  expect(await pull(alice, 'pub', 'abandoned', 'main', 'Fixed #2 another way')).toBe(8);
  await rest('/repos/alice/pub/pulls/8', alice.token, 'PATCH', { state: 'closed' });
  const merged = await rest('/repos/alice/pub/pulls/4/merge', alice.token, 'PUT', { merge_method: 'merge' });
  expect(merged.merged).toBe(true);
  await repositoryWithReadme(server, bob.token, 'bob', 'tools');
  await pull(bob, 'tools', 'upstream-fix', 'main', 'Fixes alice/pub#1');
  await repositoryWithReadme(server, bob.token, 'bob', 'hidden', true);
  await pull(bob, 'hidden', 'secret-fix', 'main', 'Fixes alice/pub#1');
});
afterAll(() => server?.close());

describe('Issue.closedByPullRequestsReferences', () => {
  it("lists the open pull requests whose description closes the issue, another repository's where readable", async () => {
    expect(await closedBy(1, 'first: 10', carol.token)).toEqual({
      totalCount: 2,
      pulls: ['alice/pub#3 OPEN', 'bob/tools#1 OPEN'],
    });
    // bob reads his private repository: its pull request is listed for him only.
    expect((await closedBy(1, 'first: 10', bob.token)).pulls).toEqual([
      'alice/pub#3 OPEN',
      'bob/tools#1 OPEN',
      'bob/hidden#1 OPEN',
    ]);
  });

  it('lists merged ones too, as GitHub does, and those closed unmerged with includeClosedPrs; by state with orderByState', async () => {
    expect(await closedBy(2, 'first: 10', carol.token)).toEqual({
      totalCount: 2,
      pulls: ['alice/pub#4 MERGED', 'alice/pub#7 OPEN'],
    });
    expect((await closedBy(2, 'first: 10, includeClosedPrs: true', carol.token)).pulls).toEqual([
      'alice/pub#4 MERGED',
      'alice/pub#7 OPEN',
      'alice/pub#8 CLOSED',
    ]);
    expect((await closedBy(2, 'first: 10, includeClosedPrs: true, orderByState: true', carol.token)).pulls).toEqual([
      'alice/pub#7 OPEN',
      'alice/pub#4 MERGED',
      'alice/pub#8 CLOSED',
    ]);
  });

  it('pages, and lists none for userLinkedOnly (Wharf has no manual links)', async () => {
    expect(await closedBy(1, 'first: 1', carol.token)).toEqual({ totalCount: 2, pulls: ['alice/pub#3 OPEN'] });
    expect(await closedBy(1, 'last: 1', carol.token)).toEqual({ totalCount: 2, pulls: ['bob/tools#1 OPEN'] });
    expect(await closedBy(1, 'first: 10, userLinkedOnly: true', carol.token)).toEqual({ totalCount: 0, pulls: [] });
  });

  it('agrees with the pull request side (closingIssuesReferences)', async () => {
    const { data } = await graphqlOk(
      server,
      '{ repository(owner: "bob", name: "tools") { pullRequest(number: 1) { closingIssuesReferences(first: 5) { nodes { number repository { nameWithOwner } } } } } }',
      {},
      carol.token,
    );
    expect(data!.repository.pullRequest.closingIssuesReferences.nodes).toEqual([
      { number: 1, repository: { nameWithOwner: 'alice/pub' } },
    ]);
  });
});
