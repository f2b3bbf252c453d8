// Pull requests from forks, with the real git CLI over HTTP: bob forks
// alice/proj, pushes a branch to his fork and opens a pull request in the
// parent with head `bob:fix`. The parent gets the fork's commit under
// refs/pull/{n}/head (a CI-style fetch from the parent shows it), a push to
// the fork moves the pull request with a `synchronize` event in the parent,
// and heads elsewhere in the network (parent, sibling) work too. Bodies are
// checked against GitHub's schemas, events against GitHub's webhook schemas.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../repos/collaborators.js';
import { apiCall, apiOk, type CallOptions } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser; // owns the parent
let bob: TestUser; // forks it
let carol: TestUser; // forks it too (a sibling)
let dave: TestUser; // unrelated
let git: GitCli;
let parentId: number;
let parentEvents: () => Promise<QueuedEvent[]>;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
const open = (repo: string, body: Record<string, unknown>, token: string) =>
  call(`/repos/${repo}/pulls`, { method: 'POST', token, body });

/** A clone of `repo` as `user` in a fresh directory. */
async function cloneAs(user: TestUser, repo: string, dir: string): Promise<string> {
  const work = join(git.home, dir);
  await git.ok(['clone', '--quiet', cloneUrl(server.url, `${repo}.git`, user.token), work]);
  return work;
}

/** Commits `text` to `file` on `branch` (created from HEAD when new) and pushes it; the new head. */
async function commitAndPush(work: string, branch: string, file: string, text: string): Promise<string> {
  await git.ok(['checkout', '--quiet', '-B', branch], { cwd: work });
  await writeFile(join(work, file), text);
  await git.ok(['add', file], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', `edit ${file}`], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

let bobWork: string;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  git = await gitCli();
  parentId = await hookedRepository(server, alice, 'proj', ['pull_request', 'push']);
  const aliceWork = join(git.home, 'alice');
  await git.ok(['init', '--quiet', '-b', 'main', aliceWork]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: aliceWork });
  await commitAndPush(aliceWork, 'main', 'README', 'hello\n');
  expect((await call('/repos/alice/proj/forks', { method: 'POST', token: bob.token })).status).toBe(202);
  expect((await call('/repos/alice/proj/forks', { method: 'POST', token: carol.token })).status).toBe(202);
  bobWork = await cloneAs(bob, 'bob/proj', 'bob');
  parentEvents = outboxReader(server, { repositoryIds: [parentId], events: ['pull_request'] });
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('a pull request from a fork', () => {
  let number: number;
  let first: string;

  it("opens in the parent with the fork as head.repo, and refs/pull/{n}/head holds the fork's commit", async () => {
    first = await commitAndPush(bobWork, 'fix', 'fix.txt', 'one\ntwo\n');
    // The parent does not have the commit before the pull request is opened.
    expect(await server.services.git.objectType(parentId, first)).toBeNull();
    const { status, json } = await open(
      'alice/proj',
      { title: 'Fix', head: 'bob:fix', base: 'main', maintainer_can_modify: true },
      bob.token,
    );
    expect(status, JSON.stringify(json)).toBe(201);
    number = json.number;
    expect(json).toMatchObject({
      head: {
        label: 'bob:fix',
        ref: 'fix',
        sha: first,
        repo: { full_name: 'bob/proj', fork: true },
        user: { login: 'bob' },
      },
      base: { label: 'alice:main', ref: 'main', repo: { full_name: 'alice/proj' } },
      commits: 1,
      additions: 2,
      deletions: 0,
      changed_files: 1,
      maintainer_can_modify: true,
      user: { login: 'bob' },
    });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls', method: 'post', status: 201 },
      { operationId: 'pulls/create' },
    );
    const [row] = await server.sql<
      { head_repository_id: number }[]
    >`SELECT head_repository_id FROM pull_requests WHERE issue_id = ${json.id}`;
    expect(row!.head_repository_id).toBe(json.head.repo.id);
    expect(await server.services.git.resolveRef(parentId, `refs/pull/${number}/head`)).toBe(first);
    const events = await parentEvents();
    expect(actions(events)).toEqual(['pull_request.opened']);
    expect(events[0]!.payload).toMatchObject({
      repository: { full_name: 'alice/proj' },
      pull_request: { head: { repo: { full_name: 'bob/proj' } } },
    });
  });

  it('is fetched by CI from the parent at refs/pull/{n}/head', async () => {
    const ci = join(git.home, 'ci');
    await git.ok(['init', '--quiet', ci]);
    await git.ok(['fetch', '--quiet', cloneUrl(server.url, 'alice/proj.git'), `refs/pull/${number}/head`], { cwd: ci });
    expect(await git.ok(['rev-parse', 'FETCH_HEAD'], { cwd: ci })).toBe(first);
    expect(await git.ok(['show', 'FETCH_HEAD:fix.txt'], { cwd: ci })).toBe('one\ntwo');
  });

  it("is fetched by CI from the parent at refs/pull/{n}/merge: the fork's head merged into the base", async () => {
    // mergeable and the test merge come from the mergeability job (server/pulls/merge/): wait for it.
    let pull: any;
    for (let tries = 0; (pull = (await call(`/repos/alice/proj/pulls/${number}`)).json).mergeable === null; tries++) {
      if (tries > 400) throw new Error('the mergeability job did not run');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pull).toMatchObject({ mergeable: true, mergeable_state: 'clean' });
    const ci = join(git.home, 'ci-merge');
    await git.ok(['init', '--quiet', ci]);
    await git.ok(['fetch', '--quiet', cloneUrl(server.url, 'alice/proj.git'), `refs/pull/${number}/merge`], {
      cwd: ci,
    });
    expect(await git.ok(['rev-parse', 'FETCH_HEAD'], { cwd: ci })).toBe(pull.merge_commit_sha);
    expect(await git.ok(['log', '-1', '--format=%P', 'FETCH_HEAD'], { cwd: ci })).toBe(`${pull.base.sha} ${first}`);
    expect(await git.ok(['show', 'FETCH_HEAD:fix.txt'], { cwd: ci })).toBe('one\ntwo');
  });

  it('is shown by get and found by list with head=bob:fix; a same-named branch of the parent is another head', async () => {
    const got = await call(`/repos/alice/proj/pulls/${number}`);
    expect(got.json).toMatchObject({ head: { label: 'bob:fix', repo: { full_name: 'bob/proj' } } });
    expectBothSchemas(
      got.json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'get', status: 200 },
      { operationId: 'pulls/get' },
    );
    const again = await open('alice/proj', { title: 'Again', head: 'bob:fix', base: 'main' }, bob.token);
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([
      expect.objectContaining({
        resource: 'PullRequest',
        code: 'custom',
        message: 'A pull request already exists for bob:fix.',
      }),
    ]);
    // alice's own `fix` branch is not bob's: no duplicate.
    const aliceWork = join(git.home, 'alice');
    await commitAndPush(aliceWork, 'fix', 'own.txt', 'own\n');
    await git.ok(['checkout', '--quiet', 'main'], { cwd: aliceWork });
    const own = await open('alice/proj', { title: 'Own fix', head: 'fix', base: 'main' }, alice.token);
    expect(own.status).toBe(201);
    expect(own.json.head).toMatchObject({ label: 'alice:fix', repo: { full_name: 'alice/proj' } });
    const titles = async (q: string) =>
      (await call(`/repos/alice/proj/pulls?${q}`)).json.map((p: { title: string }) => p.title);
    expect(await titles('head=bob:fix')).toEqual(['Fix']);
    expect(await titles('head=bob')).toEqual(['Fix']);
    expect(await titles('head=alice:fix')).toEqual(['Own fix']);
    const list = (await call('/repos/alice/proj/pulls')).json;
    expectBothSchemas(
      list,
      { path: '/repos/{owner}/{repo}/pulls', method: 'get', status: 200 },
      { operationId: 'pulls/list' },
    );
    await parentEvents();
  });

  it('follows pushes to the fork: `synchronize` in the parent, new counts, refs/pull/{n}/head moved', async () => {
    const after = await commitAndPush(bobWork, 'fix', 'fix.txt', 'one\ntwo\nthree\n');
    const events = await parentEvents();
    expect(actions(events)).toEqual(['pull_request.synchronize']);
    expect(events[0]!.repository_id).toBe(parentId);
    expect(events[0]!.payload).toMatchObject({
      number,
      before: first,
      after,
      repository: { full_name: 'alice/proj' },
      sender: { login: 'bob' },
      pull_request: {
        head: { sha: after, repo: { full_name: 'bob/proj' } },
        base: { repo: { full_name: 'alice/proj' } },
        commits: 2,
        additions: 3,
      },
    });
    expect(await server.services.git.resolveRef(parentId, `refs/pull/${number}/head`)).toBe(after);
    expect((await call(`/repos/alice/proj/pulls/${number}`)).json).toMatchObject({
      head: { sha: after },
      commits: 2,
      additions: 3,
      changed_files: 1,
    });
  });
});

describe('reopening a pull request from a fork', () => {
  it('is refused while another is open for the same fork head and base', async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=bob:fix')).json;
    const path = `/repos/alice/proj/pulls/${pull.number}`;
    expect((await call(path, { method: 'PATCH', token: bob.token, body: { state: 'closed' } })).status).toBe(200);
    const second = await open('alice/proj', { title: 'Fix again', head: 'bob:fix', base: 'main' }, bob.token);
    expect(second.status).toBe(201);
    const reopen = await call(path, { method: 'PATCH', token: bob.token, body: { state: 'open' } });
    expect(reopen.status).toBe(422);
    expect(reopen.json.errors).toEqual([
      expect.objectContaining({ code: 'custom', message: 'A pull request already exists for bob:fix.' }),
    ]);
    expect(
      (
        await call(`/repos/alice/proj/pulls/${second.json.number}`, {
          method: 'PATCH',
          token: bob.token,
          body: { state: 'closed' },
        })
      ).status,
    ).toBe(200);
    expect((await call(path, { method: 'PATCH', token: bob.token, body: { state: 'open' } })).status).toBe(200);
    await parentEvents();
  });
});

describe('heads elsewhere in the network', () => {
  it("opens in a fork from the parent's branch, and in a sibling fork from bob's", async () => {
    const aliceWork = join(git.home, 'alice');
    await commitAndPush(aliceWork, 'upstream', 'up.txt', 'up\n');
    const intoFork = await open(
      'bob/proj',
      { title: 'From upstream', head: 'alice:upstream', base: 'main' },
      bob.token,
    );
    expect(intoFork.status, JSON.stringify(intoFork.json)).toBe(201);
    expect(intoFork.json.head).toMatchObject({ label: 'alice:upstream', repo: { full_name: 'alice/proj' } });
    const forkId = intoFork.json.base.repo.id;
    expect(await server.services.git.resolveRef(forkId, `refs/pull/${intoFork.json.number}/head`)).toBe(
      intoFork.json.head.sha,
    );
    const sibling = await open(
      'carol/proj',
      { title: 'From bob', head: 'bob:fix', base: 'main', head_repo: 'bob/proj' },
      carol.token,
    );
    expect(sibling.status, JSON.stringify(sibling.json)).toBe(201);
    expect(sibling.json.head.repo.full_name).toBe('bob/proj');
    // One push to bob's fork moves the pull requests of both bases (carol/proj has no hook: its ref and row tell).
    await parentEvents();
    const after = await commitAndPush(bobWork, 'fix', 'fix.txt', 'four\n');
    const moved = await parentEvents();
    expect(actions(moved)).toEqual(['pull_request.synchronize']);
    expect(moved[0]!.payload.after).toBe(after);
    expect(
      await server.services.git.resolveRef(sibling.json.base.repo.id, `refs/pull/${sibling.json.number}/head`),
    ).toBe(after);
    expect((await call(`/repos/carol/proj/pulls/${sibling.json.number}`)).json.head.sha).toBe(after);
  });

  it('refuses heads outside the network, unknown branches and a head_repo of another owner', async () => {
    await apiOk(server, '/user/repos', { method: 'POST', token: dave.token, body: { name: 'proj', auto_init: true } });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', head: 'dave:main', base: 'main' }, 'head'],
      [{ title: 'x', head: 'bob:nope', base: 'main' }, 'head'],
      [{ title: 'x', head: 'nobody:fix', base: 'main' }, 'head'],
      [{ title: 'x', head: 'bob:fix', base: 'main', head_repo: 'carol/proj' }, 'head_repo'],
      [{ title: 'x', head: 'dave:main', base: 'main', head_repo: 'dave/proj' }, 'head_repo'],
    ];
    for (const [body, field] of cases) {
      const { status, json } = await open('alice/proj', body, dave.token);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(json.errors, JSON.stringify(body)).toEqual([
        expect.objectContaining({ resource: 'PullRequest', field, code: 'invalid' }),
      ]);
    }
    expect(await parentEvents()).toEqual([]);
  });

  it('needs read access to a private fork', async () => {
    const secret = await apiOk(server, '/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'secret', private: true, auto_init: true },
    });
    await setCollaborator(server.sql, secret.id, bob.id, 'read');
    await setCollaborator(server.sql, secret.id, carol.id, 'read');
    expect((await call('/repos/alice/secret/forks', { method: 'POST', token: bob.token })).status).toBe(202);
    const work = await cloneAs(bob, 'bob/secret', 'bob-secret');
    await commitAndPush(work, 'hidden', 'h.txt', 'h\n');
    await commitAndPush(work, 'hidden-too', 'h2.txt', 'h2\n');
    // A reader of the private upstream reads its private forks (they inherit its readers).
    const opened = await open('alice/secret', { title: 'Hidden', head: 'bob:hidden', base: 'main' }, carol.token);
    expect(opened.status).toBe(201);
    expect(opened.json.head.repo).toMatchObject({ full_name: 'bob/secret', private: true });
    // Made public, the upstream lends its readers no more: bob's fork stays private, and carol cannot read it.
    await apiOk(server, '/repos/alice/secret', { method: 'PATCH', token: alice.token, body: { private: false } });
    const refused = await open('alice/secret', { title: 'x', head: 'bob:hidden-too', base: 'main' }, carol.token);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'head', code: 'invalid' })]);
    const hidden = await open('alice/secret', { title: 'Hidden too', head: 'bob:hidden-too', base: 'main' }, bob.token);
    expect(hidden.status).toBe(201);

    // carol reads alice/secret but not bob's fork: its head repository is null
    // to her, as if deleted, as GraphQL's headRepository is.
    expect((await call('/repos/bob/secret', { token: carol.token })).status).toBeGreaterThanOrEqual(400);
    const { number } = hidden.json;
    const asCarol = await apiOk(server, `/repos/alice/secret/pulls/${number}`, { token: carol.token });
    expect(asCarol.head).toEqual({
      label: 'unknown:hidden-too',
      ref: 'hidden-too',
      sha: hidden.json.head.sha,
      user: null,
      repo: null,
    });
    expect(asCarol.base.repo).toMatchObject({ full_name: 'alice/secret' });
    expect((await apiOk(server, '/repos/alice/secret/pulls', { token: carol.token }))[0].head.repo).toBeNull();
    const graphql = await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "secret") { pullRequest(number: ${number}) { headRepository { id } headRefName } } }`,
      {},
      carol.token,
    );
    expect(graphql.data!.repository.pullRequest).toEqual({ headRepository: null, headRefName: 'hidden-too' });
    // bob, who owns the fork, still sees it, in reads and in the answer to his edit.
    expect((await apiOk(server, `/repos/alice/secret/pulls/${number}`, { token: bob.token })).head.repo).toMatchObject({
      full_name: 'bob/secret',
    });
    const edited = await apiOk(server, `/repos/alice/secret/pulls/${number}`, {
      method: 'PATCH',
      token: bob.token,
      body: { title: 'Hidden, edited' },
    });
    expect(edited.head.repo).toMatchObject({ full_name: 'bob/secret' });
  });
});
