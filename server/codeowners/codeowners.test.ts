// CODEOWNERS on a repository: GET …/codeowners/errors (syntax errors and
// owners without write access, in GitHub's shape) and the review requests a
// new pull request gets from the owners of the files it changes, never its
// author, through the REST API as a client uses it (and GraphQL's createPullRequest).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../test-support/grant.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

const CODEOWNERS = [
  '# Owners of app',
  '*       @alice',
  '*.js    @bob @carol',
  '/docs/  @dave @ghost nobody',
  'src/generated/',
].join('\n');

async function api(token: string, path: string, method = 'GET', body?: unknown) {
  const res = await server.api(path, { method, token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, any>;
}

async function put(token: string, repo: string, path: string, text: string, branch = 'main') {
  const existing = await server.api(`/repos/alice/${repo}/contents/${path}?ref=${branch}`, { token });
  const sha = existing.status === 200 ? ((await existing.json()) as { sha: string }).sha : undefined;
  return api(token, `/repos/alice/${repo}/contents/${path}`, 'PUT', {
    message: `write ${path}`,
    content: Buffer.from(text).toString('base64'),
    branch,
    ...(sha ? { sha } : {}),
  });
}

async function branchWith(token: string, name: string, files: Record<string, string>) {
  const main = await api(alice.token, '/repos/alice/app/git/ref/heads/main');
  await api(alice.token, '/repos/alice/app/git/refs', 'POST', { ref: `refs/heads/${name}`, sha: main.object.sha });
  for (const [path, text] of Object.entries(files)) await put(token, 'app', path, text, name);
}

const requested = (pull: Record<string, any>) => pull.requested_reviewers.map((u: { login: string }) => u.login).sort();

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol, dave] = (await Promise.all(
    ['alice', 'bob', 'carol', 'dave'].map((l) => server.createUser(l)),
  )) as [TestUser, TestUser, TestUser, TestUser];
  const app = await server.createRepo(alice.token, { name: 'app', auto_init: true });
  await grant(server, app.id, bob.id, 'write');
  await grant(server, app.id, carol.id, 'maintain');
  await grant(server, app.id, dave.id, 'read');
  await put(alice.token, 'app', '.github/CODEOWNERS', CODEOWNERS);
  await server.createRepo(alice.token, { name: 'plain', auto_init: true });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('GET /repos/{o}/{r}/codeowners/errors', () => {
  it('lists invalid owners and owners without write access, in line order, in GitHub’s shape', async () => {
    const body = await api(dave.token, '/repos/alice/app/codeowners/errors');
    expect(githubResponseErrors('repos/codeowners-errors', 200, body)).toBe('');
    expect(body.errors.map((e: Record<string, unknown>) => [e.line, e.column, e.kind])).toEqual([
      [4, 9, 'Unknown owner'],
      [4, 15, 'Unknown owner'],
      [4, 22, 'Invalid owner'],
    ]);
    expect(body.errors[0]).toMatchObject({
      source: '/docs/  @dave @ghost nobody',
      path: '.github/CODEOWNERS',
      suggestion: 'make sure @dave exists and has write access to the repository',
    });
    expect(body.errors[2].message).toBe(
      `Invalid owner on line 4:\n\n  /docs/  @dave @ghost nobody\n${' '.repeat(23)}^`,
    );
  });

  it('answers no errors without a CODEOWNERS file, and 404 for a ref that names no commit', async () => {
    expect(await api(alice.token, '/repos/alice/plain/codeowners/errors')).toEqual({ errors: [] });
    const res = await server.api('/repos/alice/app/codeowners/errors?ref=no-such-branch', { token: alice.token });
    expect(res.status).toBe(404);
  });

  it('reads the file at `ref`', async () => {
    await branchWith(alice.token, 'fixed', { '.github/CODEOWNERS': '* @alice\n*.js @bob\n' });
    expect(await api(alice.token, '/repos/alice/app/codeowners/errors?ref=fixed')).toEqual({ errors: [] });
  });
});

describe('review requests for code owners on a new pull request', () => {
  it('asks the owners of the changed files who may own, never the author', async () => {
    await branchWith(alice.token, 'js-change', { 'src/app.js': 'export {}\n', 'docs/guide.md': '# Guide\n' });
    const pull = await api(alice.token, '/repos/alice/app/pulls', 'POST', {
      title: 'JS',
      head: 'js-change',
      base: 'main',
    });
    expect(githubResponseErrors('pulls/create', 201, pull)).toBe('');
    // *.js → bob and carol; docs/ → dave lacks write access, @ghost does not exist; alice is the author.
    expect(requested(pull)).toEqual(['bob', 'carol']);
    const read = await api(bob.token, `/repos/alice/app/pulls/${pull.number}/requested_reviewers`);
    expect(read.users.map((u: { login: string }) => u.login).sort()).toEqual(['bob', 'carol']);
  });

  it('asks the repository owner for a file only `*` owns, when someone else opens the pull request', async () => {
    await branchWith(bob.token, 'readme-change', { 'README.md': 'Hello\n' });
    const pull = await api(bob.token, '/repos/alice/app/pulls', 'POST', {
      title: 'Docs',
      head: 'readme-change',
      base: 'main',
    });
    expect(requested(pull)).toEqual(['alice']);
  });

  it('asks nobody for files a rule without owners matches last, nor in a repository without CODEOWNERS', async () => {
    await branchWith(bob.token, 'generated', { 'src/generated/out.txt': 'x\n' });
    const pull = await api(bob.token, '/repos/alice/app/pulls', 'POST', {
      title: 'Gen',
      head: 'generated',
      base: 'main',
    });
    expect(requested(pull)).toEqual([]);
  });

  it('asks the same owners when GraphQL createPullRequest opens it', async () => {
    await branchWith(alice.token, 'graphql-js', { 'lib/tool.js': 'export {}\n' });
    const answer = await graphqlOk(
      server,
      `mutation($repo: ID!) { createPullRequest(input: {repositoryId: $repo, baseRefName: "main", headRefName: "graphql-js", title: "JS by GraphQL"}) {
        pullRequest { number reviewRequests(first: 10) { nodes { requestedReviewer { ... on User { login } } } } } } }`,
      { repo: (await api(alice.token, '/repos/alice/app')).node_id },
      alice.token,
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    const created = answer.data?.createPullRequest.pullRequest;
    const logins = created.reviewRequests.nodes.map(
      (n: { requestedReviewer: { login: string } }) => n.requestedReviewer.login,
    );
    expect(logins.sort()).toEqual(['bob', 'carol']);
    const events = await api(alice.token, `/repos/alice/app/issues/${created.number}/events`);
    expect(
      events
        .map(
          (e: { event: string; requested_reviewer: { login: string } }) => `${e.event}:${e.requested_reviewer.login}`,
        )
        .sort(),
    ).toEqual(['review_requested:bob', 'review_requested:carol']);
  });
});
