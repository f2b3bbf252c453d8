// The one-line rendered fields of GraphQL: Issue.titleHTML and
// PullRequest.titleHTML (code spans and references), Commit.messageHeadlineHTML
// and messageBodyHTML (text, autolinks, references), Repository.descriptionHTML
// (a <div> of text, autolinks, emoji), through the same
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
const COMMITS = 15;
let initial: string;

const TITLE = 'Fix `a<b>` for #1 and alice/secret#1 @bob <script>alert(1)</script><img src=x onerror=alert(1)> **x**';

const MESSAGE = (sha: string) =>
  'Fix `x` for #1 <script>alert(1)</script> https://example.com/a?b=1&c\n\n' +
  `Body: alice/secret#1 @bob ${sha} <img src=x onerror=alert(1)> [a](javascript:alert(1)) **y**\nsecond line`;

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
  initial = (await apiOk(server, '/repos/alice/t/commits?per_page=1', { token: alice.token }))[0].sha;
  const commit = (path: string, message: string) =>
    apiOk(server, `/repos/alice/t/contents/${path}`, {
      method: 'PUT',
      token: alice.token,
      body: { message, content: Buffer.from(path).toString('base64') },
    });
  for (let i = 0; i < COMMITS; i++) await commit(`c${i}.txt`, `Change ${i} for #1\n\nSee @bob and ${initial}`);
  await commit('m.txt', MESSAGE(initial));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const ask = async (query: string, token: string) => {
  const answer = await graphqlOk(server, `{ repository(owner: "alice", name: "t") { ${query} } }`, {}, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.repository;
};

/** The references of a whole list were looked up in one statement of each kind (repositories, issues, users). */
function expectOneLookupOfEachKind() {
  for (const marker of [
    'AS w(owner, repo)',
    'SELECT o.login, r.name, i.number',
    'FROM accounts WHERE lower(login) = ANY',
  ])
    expect(
      statements.filter((q) => q.includes(marker)),
      marker,
    ).toHaveLength(1);
  expect(statements.length).toBeLessThanOrEqual(10);
}

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
    expectOneLookupOfEachKind();
  });
});

describe('Commit.messageHeadlineHTML and messageBodyHTML', () => {
  const HEAD = 'object(expression: "main") { ... on Commit { messageHeadline messageHeadlineHTML messageBodyHTML } }';

  it('render the message as text: escaped, URLs and readable references linked, newlines kept', async () => {
    const { object } = await ask(HEAD, bob.token);
    const url = server.url;
    expect(object.messageHeadline).toBe('Fix `x` for #1 <script>alert(1)</script> https://example.com/a?b=1&c');
    expect(object.messageHeadlineHTML).toBe(
      `Fix \`x\` for <a href="${url}/alice/t/issues/1">#1</a> &lt;script&gt;alert(1)&lt;/script&gt; ` +
        '<a href="https://example.com/a?b=1&amp;c">https://example.com/a?b=1&amp;c</a>',
    );
    expect(object.messageBodyHTML).toBe(
      `Body: alice/secret#1 <a href="${url}/bob">@bob</a> ` +
        `<a href="${url}/alice/t/commit/${initial}"><tt>${initial.slice(0, 7)}</tt></a> ` +
        '&lt;img src=x onerror=alert(1)&gt; [a](javascript:alert(1)) **y**\nsecond line',
    );
    for (const html of [object.messageHeadlineHTML, object.messageBodyHTML]) expect(dangers(html)).toEqual([]);
    const asAlice = await ask(HEAD, alice.token);
    expect(asAlice.object.messageBodyHTML).toContain(`<a href="${url}/alice/secret/issues/1">alice/secret#1</a>`);
  });

  it('render a history’s messages in one batch: one lookup statement of each kind, whatever the count', async () => {
    statements.length = 0;
    const { object } = await ask(
      'object(expression: "main") { ... on Commit { history(first: 50) { nodes { messageHeadlineHTML messageBodyHTML } } } }',
      bob.token,
    );
    const nodes = object.history.nodes;
    const changes = nodes.filter((n: any) => n.messageHeadlineHTML.startsWith('Change '));
    expect(changes).toHaveLength(COMMITS);
    for (const n of changes) {
      expect(n.messageHeadlineHTML).toMatch(/for <a href="[^"]+\/alice\/t\/issues\/1">#1<\/a>$/);
      expect(n.messageBodyHTML).toContain(`<tt>${initial.slice(0, 7)}</tt>`);
    }
    expectOneLookupOfEachKind();
  });
});

describe('Repository.descriptionHTML', () => {
  const DESCRIPTION = 'Tools :rocket: for #1 @bob https://example.com <script>alert(1)</script> :nope:';

  it('is a <div> of the description: escaped, URLs linked, emoji shown, references left as text', async () => {
    await apiOk(server, '/repos/alice/t', { method: 'PATCH', token: alice.token, body: { description: DESCRIPTION } });
    const repo = await ask('description descriptionHTML', bob.token);
    expect(repo.description).toBe(DESCRIPTION);
    expect(repo.descriptionHTML).toBe(
      '<div>Tools 🚀 for #1 @bob <a href="https://example.com">https://example.com</a> ' +
        '&lt;script&gt;alert(1)&lt;/script&gt; :nope:</div>',
    );
    expect(dangers(repo.descriptionHTML)).toEqual([]);
  });

  it('is an empty <div> without a description, and a list of them asks the database nothing more', async () => {
    await server.createRepo(alice.token, { name: 'bare' });
    const list = (fields: string) =>
      `{ user(login: "alice") { repositories(first: 50) { nodes { name ${fields} } } } }`;
    statements.length = 0;
    const plain = await graphqlOk(server, list(''), {}, bob.token);
    const without = statements.length;
    statements.length = 0;
    const rendered = await graphqlOk(server, list('descriptionHTML'), {}, bob.token);
    expect(plain.errors).toBeUndefined();
    expect(rendered.errors).toBeUndefined();
    const nodes = rendered.data!.user.repositories.nodes;
    expect(nodes.find((n: any) => n.name === 'bare').descriptionHTML).toBe('<div></div>');
    expect(statements.length).toBe(without);
  });
});
