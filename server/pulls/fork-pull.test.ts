// A pull request from a fork, with the real git CLI over HTTP: bob pushes a
// branch to his fork of alice/proj and opens a pull request in the parent
// with head `bob:fix`. The parent gets the fork's commit under
// refs/pull/{n}/head (a CI-style fetch from the parent shows it, and the
// test merge), a push to the fork moves the pull request with a
// `synchronize` event in the parent, and it is not reopened while another is
// open for the same head. Bodies are checked against GitHub's schemas, events
// against GitHub's webhook schemas. The tests run in order on that one pull
// request.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForkScenario, type ForkScenario } from '../test-support/fork-scenario.js';
import { cloneUrl, type GitCli } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { actions } from '../test-support/webhook-outbox.js';

let scenario: ForkScenario;
let server: TestServer;
let alice: TestUser; // owns the parent
let bob: TestUser; // forks it
let git: GitCli;
let parentId: number;
let parentEvents: ForkScenario['parentEvents'];
let bobWork: string;
let call: ForkScenario['call'];
let open: ForkScenario['open'];
let commitAndPush: ForkScenario['commitAndPush'];

beforeAll(async () => {
  scenario = await startForkScenario();
  ({ server, alice, bob, git, parentId, parentEvents, bobWork, call, open, commitAndPush } = scenario);
});
afterAll(async () => {
  await scenario?.close();
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
