// The one-line rendered fields of GraphQL: Issue.titleHTML and
// PullRequest.titleHTML (code spans and references), through the same
// renderer and per-request batch as bodyHTML: references link only what the
// viewer reads, hostile text is escaped, and a list of titles costs a few
// statements whatever its length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { dangers } from '../test-support/hostile-html.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const statements: string[] = [];
const LISTED = 30;

const TITLE = 'Fix `a<b>` for #1 and alice/secret#1 @bob <script>alert(1)</script><img src=x onerror=alert(1)> **x**';

beforeAll(async () => {
  server = await startTestServer({}, { onStatement: (query) => void statements.push(query) });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await server.createRepo(alice.token, { name: 't', auto_init: true });
  await server.createRepo(alice.token, { name: 'secret', private: true });
  await apiOk(server, '/repos/alice/secret/issues', { method: 'POST', token: alice.token, body: { title: 's' } });
  const issue = (title: string) =>
    apiOk(server, '/repos/alice/t/issues', { method: 'POST', token: alice.token, body: { title } });
  await issue(TITLE);
  await apiOk(server, '/repos/alice/t/git/refs', {
    method: 'POST',
    token: alice.token,
    body: {
      ref: 'refs/heads/topic',
      sha: (await apiOk(server, '/repos/alice/t/branches/main', { token: alice.token })).commit.sha,
    },
  });
  await apiOk(server, '/repos/alice/t/contents/b.txt', {
    method: 'PUT',
    token: alice.token,
    body: { message: 'b', content: Buffer.from('b').toString('base64'), branch: 'topic' },
  });
  await apiOk(server, '/repos/alice/t/pulls', {
    method: 'POST',
    token: alice.token,
    body: { title: TITLE, head: 'topic', base: 'main' },
  });
  for (let i = 0; i < LISTED; i++) await issue(`more \`${i}\` #1 @bob @alice alice/t#2`);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const ask = async (query: string, token: string) => {
  const answer = await graphqlOk(server, `{ repository(owner: "alice", name: "t") { ${query} } }`, {}, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.repository;
};

describe('titleHTML', () => {
  it('renders an issue’s and a pull request’s title as one line: code spans and references, the rest escaped', async () => {
    const repo = await ask(
      'issue(number: 1) { title titleHTML } pullRequest(number: 2) { title titleHTML }',
      bob.token,
    );
    const url = server.url;
    const expected =
      `Fix <code>a&lt;b&gt;</code> for <a href="${url}/alice/t/issues/1">#1</a> and alice/secret#1 ` +
      `<a href="${url}/bob">@bob</a> &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; **x**`;
    expect(repo.issue).toEqual({ title: TITLE, titleHTML: expected });
    expect(repo.pullRequest).toEqual({ title: TITLE, titleHTML: expected });
    expect(dangers(expected)).toEqual([]);
  });

  it('links a private repository’s issue only for a viewer who reads it', async () => {
    const asAlice = await ask('issue(number: 1) { titleHTML }', alice.token);
    expect(asAlice.issue.titleHTML).toContain(`<a href="${server.url}/alice/secret/issues/1">alice/secret#1</a>`);
  });

  it('renders a list’s titles in one batch: one statement per kind of lookup, whatever the count', async () => {
    statements.length = 0;
    const repo = await ask(`issues(first: 50) { nodes { number titleHTML } }`, bob.token);
    const linked = repo.issues.nodes.filter((n: any) =>
      n.titleHTML.includes(`<a href="${server.url}/alice/t/pull/2">`),
    );
    expect(linked).toHaveLength(LISTED);
    expect(linked[0].titleHTML).toMatch(/^more <code>\d+<\/code> <a href="[^"]+\/alice\/t\/issues\/1">#1<\/a>/);
    const once = (marker: string) =>
      expect(
        statements.filter((q) => q.includes(marker)),
        marker,
      ).toHaveLength(1);
    once('AS w(owner, repo)');
    once('SELECT o.login, r.name, i.number');
    once('FROM accounts WHERE lower(login) = ANY');
    expect(statements.length).toBeLessThanOrEqual(10);
  });
});
