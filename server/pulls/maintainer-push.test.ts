// `maintainer_can_modify` with the real git CLI over HTTP: erin, who may
// push to alice/proj, pushes to the head branch of bob's pull request from
// his fork only while the pull request is open with the flag set, and never
// to another branch of the fork; carol (read on the base) never. The REST
// writers (contents, git refs) follow the same grant, and only someone who
// may push to the fork can set the flag (GitHub's 422 `fork_collab`).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../collaborators/collaborators.js';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser; // owns the parent
let bob: TestUser; // forks it and opens the pull request
let erin: TestUser; // write on the parent: a maintainer
let carol: TestUser; // read on the parent
let git: GitCli;
let parentId: number;
let parentEvents: () => Promise<QueuedEvent[]>;
let number: number;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
const setFlag = (value: boolean, token = bob.token) =>
  call(`/repos/alice/proj/pulls/${number}`, { method: 'PATCH', token, body: { maintainer_can_modify: value } });

/** A clone of bob/proj as `user`, on `branch`. */
async function cloneFork(user: TestUser, dir: string, branch: string): Promise<string> {
  const work = join(git.home, dir);
  await git.ok(['clone', '--quiet', '--branch', branch, cloneUrl(server.url, 'bob/proj.git', user.token), work]);
  return work;
}

/** Commits a change to `file` in `work` and tries to push `refspec`; git's result. */
async function commitAndTryPush(work: string, file: string, refspec: string) {
  await writeFile(join(work, file), `${Date.now()}-${Math.random()}\n`);
  await git.ok(['add', file], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', `edit ${file}`], { cwd: work });
  return git.run(['push', 'origin', refspec], { cwd: work });
}

const sha = async (repo: string, branch: string) =>
  (await call(`/repos/${repo}/git/refs/heads/${branch}`)).json.object.sha;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  erin = await server.createUser('erin');
  carol = await server.createUser('carol');
  git = await gitCli();
  parentId = await hookedRepository(server, alice, 'proj', ['pull_request']);
  await setCollaborator(server.sql, parentId, erin.id, 'write');
  await setCollaborator(server.sql, parentId, carol.id, 'read');
  const aliceWork = join(git.home, 'alice');
  await git.ok(['init', '--quiet', '-b', 'main', aliceWork]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: aliceWork });
  await writeFile(join(aliceWork, 'README'), 'hello\n');
  await git.ok(['add', 'README'], { cwd: aliceWork });
  await git.ok(['commit', '--quiet', '-m', 'root'], { cwd: aliceWork });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: aliceWork });
  expect((await call('/repos/alice/proj/forks', { method: 'POST', token: bob.token })).status).toBe(202);
  const bobWork = await cloneFork(bob, 'bob', 'main');
  await git.ok(['checkout', '--quiet', '-b', 'fix'], { cwd: bobWork });
  expect((await commitAndTryPush(bobWork, 'fix.txt', 'fix')).code).toBe(0);
  await git.ok(['checkout', '--quiet', '-b', 'other', 'main'], { cwd: bobWork });
  expect((await commitAndTryPush(bobWork, 'other.txt', 'other')).code).toBe(0);
  const opened = await call('/repos/alice/proj/pulls', {
    method: 'POST',
    token: bob.token,
    body: { title: 'Fix', head: 'bob:fix', base: 'main' },
  });
  expect(opened.status).toBe(201);
  number = opened.json.number;
  parentEvents = outboxReader(server, { repositoryIds: [parentId] });
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('pushing to the head branch of a pull request from a fork', () => {
  let erinWork: string;

  it("is refused to the base's maintainers without the flag", async () => {
    erinWork = await cloneFork(erin, 'erin', 'fix');
    const before = await sha('bob/proj', 'fix');
    const refused = await commitAndTryPush(erinWork, 'erin.txt', 'fix');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Permission to bob/proj.git denied to erin.');
    expect(await sha('bob/proj', 'fix')).toBe(before);
  });

  it('is granted by the author (422 fork_collab for someone who cannot push to the fork)', async () => {
    const denied = await setFlag(true, alice.token);
    expect(denied.status).toBe(422);
    expect(denied.json.errors).toEqual([
      {
        resource: 'PullRequest',
        field: 'fork_collab',
        code: 'custom',
        message: "Fork collab can't be granted by someone without permission",
      },
    ]);
    const byCarol = await call('/repos/alice/proj/pulls', {
      method: 'POST',
      token: carol.token,
      body: { title: 'x', head: 'bob:other', base: 'main', maintainer_can_modify: true },
    });
    expect(byCarol.status).toBe(422);
    expect(byCarol.json.errors[0]).toMatchObject({ field: 'fork_collab' });
    const granted = await setFlag(true);
    expect(granted.status).toBe(200);
    expect(granted.json.maintainer_can_modify).toBe(true);
    await parentEvents();
  });

  it('lets a maintainer push to that branch over git, moving the pull request with `synchronize`', async () => {
    const pushed = await commitAndTryPush(erinWork, 'erin.txt', 'fix');
    expect(pushed.code, pushed.stderr).toBe(0);
    const head = await git.ok(['rev-parse', 'HEAD'], { cwd: erinWork });
    expect(await sha('bob/proj', 'fix')).toBe(head);
    const events = await parentEvents();
    expect(actions(events)).toEqual(['pull_request.synchronize']);
    expect(events[0]!.payload).toMatchObject({
      after: head,
      sender: { login: 'erin' },
      repository: { full_name: 'alice/proj' },
    });
    expect(await server.services.git.resolveRef(parentId, `refs/pull/${number}/head`)).toBe(head);
  });

  it('refuses other branches, new branches and deleting the head, and anyone without write on the base', async () => {
    const other = await sha('bob/proj', 'other');
    await git.ok(['fetch', '--quiet', 'origin', 'other'], { cwd: erinWork });
    await git.ok(['checkout', '--quiet', '-B', 'other', 'FETCH_HEAD'], { cwd: erinWork });
    const toOther = await commitAndTryPush(erinWork, 'erin.txt', 'other');
    expect(toOther.code).not.toBe(0);
    expect(toOther.stderr).toContain("maintainers may only push to the pull request's head branch");
    expect(await sha('bob/proj', 'other')).toBe(other);
    expect((await git.run(['push', 'origin', 'HEAD:refs/heads/new-branch'], { cwd: erinWork })).code).not.toBe(0);
    expect((await git.run(['push', 'origin', ':fix'], { cwd: erinWork })).code).not.toBe(0);
    expect((await call('/repos/bob/proj/branches/new-branch')).status).toBe(404);
    const carolWork = await cloneFork(carol, 'carol', 'fix');
    const byCarol = await commitAndTryPush(carolWork, 'carol.txt', 'fix');
    expect(byCarol.code).not.toBe(0);
    expect(byCarol.stderr).toContain('Permission to bob/proj.git denied to carol.');
  });

  it('lets a maintainer write that branch through contents and git refs, and no other', async () => {
    const put = (branch: string, token = erin.token) =>
      call('/repos/bob/proj/contents/api.txt', {
        method: 'PUT',
        token,
        body: { message: 'via the API', content: Buffer.from(branch).toString('base64'), branch },
      });
    const written = await put('fix');
    expect(written.status, JSON.stringify(written.json)).toBe(201);
    expect(await sha('bob/proj', 'fix')).toBe(written.json.commit.sha);
    expect(actions(await parentEvents())).toEqual(['pull_request.synchronize']);
    expect((await put('other')).status).toBe(403);
    expect((await put('fix', carol.token)).status).toBe(403);
    const blob = await call('/repos/bob/proj/git/blobs', { method: 'POST', token: erin.token, body: { content: 'x' } });
    expect(blob.status).toBe(201);
    const moveOther = await call('/repos/bob/proj/git/refs/heads/other', {
      method: 'PATCH',
      token: erin.token,
      body: { sha: written.json.commit.sha, force: true },
    });
    expect(moveOther.status).toBe(403);
    const parent = written.json.commit.parents[0].sha;
    const moveFix = await call('/repos/bob/proj/git/refs/heads/fix', {
      method: 'PATCH',
      token: erin.token,
      body: { sha: parent, force: true },
    });
    expect(moveFix.status).toBe(200);
    expect(await sha('bob/proj', 'fix')).toBe(parent);
    await parentEvents();
  });

  it('ends when the flag is cleared or the pull request is closed', async () => {
    expect((await setFlag(false)).status).toBe(200);
    await git.ok(['fetch', '--quiet', 'origin', 'fix'], { cwd: erinWork });
    await git.ok(['checkout', '--quiet', '-B', 'fix', 'FETCH_HEAD'], { cwd: erinWork });
    expect((await commitAndTryPush(erinWork, 'erin.txt', 'fix')).code).not.toBe(0);
    expect((await setFlag(true)).status).toBe(200);
    expect((await commitAndTryPush(erinWork, 'erin.txt', 'fix')).code).toBe(0);
    await call(`/repos/alice/proj/pulls/${number}`, { method: 'PATCH', token: bob.token, body: { state: 'closed' } });
    const afterClose = await commitAndTryPush(erinWork, 'erin.txt', 'fix');
    expect(afterClose.code).not.toBe(0);
    expect(afterClose.stderr).toContain('Permission to bob/proj.git denied to erin.');
  });
});
