// User.issues, .pullRequests and .issueComments over GraphQL: what bob wrote
// in alice's public and private repositories, as each caller may read it (a
// stranger sees the public repository's only, in the list and its
// totalCount; alice, who owns both, sees all), with states, orderBy and
// paging as Repository.issues has them; an installation token limited to
// its installation's repositories and app permissions; and the query
// github-readme-stats sends for a profile card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../../collaborators/collaborators.js';
import { apiOk } from '../../test-support/api-call.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { branchWith, repositoryWithReadme } from '../../test-support/graphql/pull-fixture.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const gql = (query: string, token: string) => graphqlOk(server, query, {}, token);
const rest = (path: string, token: string, method = 'GET', body?: unknown) =>
  apiOk(server, path, { method, token, body });

async function installationToken(name: string, permissions: Record<string, 'read' | 'write'>): Promise<string> {
  const app = await createTestApp(server, alice.id, name, permissions);
  const installation = await installTestApp(server, app.app, alice.id);
  const now = Math.floor(Date.now() / 1000);
  const { body } = await requestInstallationToken(server, await appJwt(app, now), installation.id);
  return body.token as string;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  const pub = await repositoryWithReadme(server, alice.token, 'alice', 'pub');
  const priv = await repositoryWithReadme(server, alice.token, 'alice', 'priv', true);
  await setCollaborator(server.sql, pub, bob.id, 'write');
  await setCollaborator(server.sql, priv, bob.id, 'write');
  await rest('/repos/alice/pub/issues', bob.token, 'POST', { title: 'first', body: 'the **first** one' });
  await rest('/repos/alice/pub/issues', bob.token, 'POST', { title: 'second', labels: ['bug'] });
  await rest('/repos/alice/pub/issues/2', bob.token, 'PATCH', { state: 'closed' });
  await rest('/repos/alice/pub/issues', alice.token, 'POST', { title: "alice's" });
  await rest('/repos/alice/priv/issues', bob.token, 'POST', { title: 'secret' });
  await branchWith(server, alice.token, 'alice/pub', 'feature', { 'a.txt': 'a\n' });
  await rest('/repos/alice/pub/pulls', bob.token, 'POST', { title: 'pr', head: 'feature', base: 'main' });
  await branchWith(server, alice.token, 'alice/priv', 'hidden', { 'h.txt': 'h\n' });
  await rest('/repos/alice/priv/pulls', bob.token, 'POST', { title: 'hidden pr', head: 'hidden', base: 'main' });
  await rest('/repos/alice/pub/issues/1/comments', bob.token, 'POST', { body: 'on first' });
  await rest('/repos/alice/priv/issues/1/comments', bob.token, 'POST', { body: 'on secret' });
  await rest('/repos/alice/pub/issues/4/comments', bob.token, 'POST', { body: 'on the pr' });
});
afterAll(() => server?.close());

const LISTS = `{ user(login: "bob") {
  issues(first: 10) { totalCount nodes { title repository { nameWithOwner } author { login } } }
  pullRequests(first: 10) { totalCount nodes { title } }
  issueComments(first: 10) { totalCount nodes { body } }
} }`;

describe("a user's issues, pull requests and comments across repositories", () => {
  it('lists only what a stranger may read: the private repository is neither listed nor counted', async () => {
    const { data, errors } = await gql(LISTS, carol.token);
    expect(errors).toBeUndefined();
    expect(data!.user.issues).toEqual({
      totalCount: 2,
      nodes: [
        { title: 'first', repository: { nameWithOwner: 'alice/pub' }, author: { login: 'bob' } },
        { title: 'second', repository: { nameWithOwner: 'alice/pub' }, author: { login: 'bob' } },
      ],
    });
    expect(data!.user.pullRequests).toEqual({ totalCount: 1, nodes: [{ title: 'pr' }] });
    expect(data!.user.issueComments).toEqual({ totalCount: 2, nodes: [{ body: 'on first' }, { body: 'on the pr' }] });
  });

  it("lists the private repository's too for its owner", async () => {
    const { data } = await gql(LISTS, alice.token);
    expect(data!.user.issues.nodes.map((i: { title: string }) => i.title)).toEqual(['first', 'second', 'secret']);
    expect(data!.user.issues.totalCount).toBe(3);
    expect(data!.user.pullRequests).toEqual({ totalCount: 2, nodes: [{ title: 'pr' }, { title: 'hidden pr' }] });
    expect(data!.user.issueComments.totalCount).toBe(3);
  });

  it('narrows by states, labels and filterBy, and orders by orderBy', async () => {
    const { data, errors } = await gql(
      `{ user(login: "bob") {
        open: issues(first: 10, states: OPEN) { totalCount nodes { title } }
        closed: issues(first: 10, filterBy: { states: [CLOSED] }) { nodes { title } }
        bugs: issues(first: 10, labels: ["bug"]) { nodes { title } }
        newest: issues(first: 10, orderBy: { field: CREATED_AT, direction: DESC }) { nodes { title } }
        openPulls: pullRequests(first: 10, states: [OPEN]) { totalCount }
        merged: pullRequests(first: 10, states: [MERGED]) { totalCount }
        latestComments: issueComments(first: 10, orderBy: { field: UPDATED_AT, direction: DESC }) { nodes { body } }
      } }`,
      alice.token,
    );
    expect(errors).toBeUndefined();
    const titles = (list: { nodes: { title: string }[] }) => list.nodes.map((node) => node.title);
    expect(data!.user.open.totalCount).toBe(2);
    expect(titles(data!.user.open)).toEqual(['first', 'secret']);
    expect(titles(data!.user.closed)).toEqual(['second']);
    expect(titles(data!.user.bugs)).toEqual(['second']);
    expect(titles(data!.user.newest)).toEqual(['secret', 'second', 'first']);
    expect(data!.user.openPulls.totalCount).toBe(2);
    expect(data!.user.merged.totalCount).toBe(0);
    expect(data!.user.latestComments.nodes.map((c: { body: string }) => c.body)).toEqual([
      'on the pr',
      'on secret',
      'on first',
    ]);
  });

  it('pages forward and backward with cursors', async () => {
    const page = (args: string) =>
      gql(
        `{ user(login: "bob") { issues(${args}) { totalCount nodes { title } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } } }`,
        alice.token,
      );
    const one = (await page('first: 2')).data!.user.issues;
    expect(one.nodes).toEqual([{ title: 'first' }, { title: 'second' }]);
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const two = (await page(`first: 2, after: "${one.pageInfo.endCursor}"`)).data!.user.issues;
    expect(two).toMatchObject({ totalCount: 3, nodes: [{ title: 'secret' }] });
    expect(two.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const last = (await page('last: 1')).data!.user.issues;
    expect(last.nodes).toEqual([{ title: 'secret' }]);
    const before = (await page(`last: 1, before: "${last.pageInfo.startCursor}"`)).data!.user.issues;
    expect(before.nodes).toEqual([{ title: 'second' }]);
    const tooMany = await page('first: 101');
    expect(tooMany.errors?.[0]?.message).toMatch(/101/);
  });

  it("limits an installation to its installation's repositories and its app permissions", async () => {
    const issuesOnly = await installationToken('Issue Reader', { issues: 'read' });
    const { data, errors } = await gql(
      '{ user(login: "bob") { issues { totalCount } issueComments { totalCount } } }',
      issuesOnly,
    );
    expect(errors).toBeUndefined();
    expect(data!.user).toEqual({ issues: { totalCount: 3 }, issueComments: { totalCount: 3 } });
    const refused = await gql('{ user(login: "bob") { pullRequests(first: 5) { totalCount } } }', issuesOnly);
    expect(refused.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' });
    const metadata = await installationToken('Metadata Reader', { metadata: 'read' });
    const none = await gql('{ user(login: "bob") { issues(first: 5) { totalCount } } }', metadata);
    expect(none.errors?.[0]).toMatchObject({ type: 'FORBIDDEN' });
  });

  it('leaves out the issues (and their comments) of a repository with issues turned off, not its pull requests', async () => {
    const dave = await server.createUser('dave');
    await repositoryWithReadme(server, dave.token, 'dave', 'quiet');
    await rest('/repos/dave/quiet/issues', dave.token, 'POST', { title: 'before' });
    await rest('/repos/dave/quiet/issues/1/comments', dave.token, 'POST', { body: 'on before' });
    await branchWith(server, dave.token, 'dave/quiet', 'change', { 'c.txt': 'c\n' });
    await rest('/repos/dave/quiet/pulls', dave.token, 'POST', { title: 'change', head: 'change', base: 'main' });
    await rest('/repos/dave/quiet/issues/2/comments', dave.token, 'POST', { body: 'on change' });
    const lists =
      '{ user(login: "dave") { issues { totalCount } pullRequests { totalCount } issueComments { totalCount } } }';
    expect((await gql(lists, carol.token)).data!.user).toEqual({
      issues: { totalCount: 1 },
      pullRequests: { totalCount: 1 },
      issueComments: { totalCount: 2 },
    });
    await rest('/repos/dave/quiet', dave.token, 'PATCH', { has_issues: false });
    expect((await gql(lists, carol.token)).data!.user).toEqual({
      issues: { totalCount: 0 },
      pullRequests: { totalCount: 1 },
      issueComments: { totalCount: 1 },
    });
  });

  it("answers github-readme-stats' profile card counts", async () => {
    // anuraghazra/github-readme-stats src/fetchers/stats.js (the fields of this change).
    const query = `query userInfo($login: String!, $includeMergedPullRequests: Boolean!) {
      user(login: $login) {
        name
        login
        pullRequests(first: 1) { totalCount }
        mergedPullRequests: pullRequests(states: MERGED) @include(if: $includeMergedPullRequests) { totalCount }
        openIssues: issues(states: OPEN) { totalCount }
        closedIssues: issues(states: CLOSED) { totalCount }
      }
    }`;
    const { data, errors } = await graphqlOk(
      server,
      query,
      { login: 'bob', includeMergedPullRequests: true },
      carol.token,
    );
    expect(errors).toBeUndefined();
    expect(data!.user).toEqual({
      name: null,
      login: 'bob',
      pullRequests: { totalCount: 1 },
      mergedPullRequests: { totalCount: 0 },
      openIssues: { totalCount: 1 },
      closedIssues: { totalCount: 1 },
    });
  });
});

describe('bodyText', () => {
  it('is the body rendered to text (REST’s body_text), for an issue and a comment', async () => {
    const { data } = await gql(
      `{ repository(owner: "alice", name: "pub") { issue(number: 1) { bodyText comments(first: 1) { nodes { bodyText } } } } }`,
      carol.token,
    );
    expect(data!.repository.issue.bodyText).toBe('the first one'); // from 'the **first** one'
    expect(data!.repository.issue.comments.nodes[0].bodyText).toBe('on first');
  });
});
