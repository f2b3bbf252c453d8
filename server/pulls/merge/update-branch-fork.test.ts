// update-branch on a pull request from a fork, with the real git CLI: the
// merge commit of the base into the head is written in the fork (a clone of
// the fork shows it), the fork's `push` and the base's `synchronize` fire.
// The fork's owner may update it; the base's writers only with the
// maintainer grant (`maintainer_can_modify`), readers never.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../../collaborators/collaborators.js';
import { apiCall, type CallOptions } from '../../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../../test-support/git-cli.js';
import { expectBothSchemas } from '../../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser; // owns the parent
let bob: TestUser; // forks it and opens the pull request
let erin: TestUser; // write on the parent
let carol: TestUser; // read on the parent
let git: GitCli;
let aliceWork: string;
let parentEvents: () => Promise<QueuedEvent[]>;
let forkEvents: () => Promise<QueuedEvent[]>;
let number: number;
let path: string;
let clones = 0;

const call = (url: string, options: CallOptions = {}) => apiCall(server, url, options);
const update = (token: string, body: Record<string, unknown> = {}) => call(path, { method: 'PUT', token, body });
const branchSha = async (repo: string, branch: string) =>
  (await call(`/repos/${repo}/git/refs/heads/${branch}`)).json.object.sha as string;

/** Commits `file` in `work` on its current branch and pushes `branch`; the new commit. */
async function commitAndPush(work: string, file: string, text: string, branch: string): Promise<string> {
  await writeFile(join(work, file), text);
  await git.ok(['add', file], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', `edit ${file}`], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

/** `git log -1` of bob/proj's `branch` in a fresh clone of the fork: `sha parents|subject|committer`. */
async function forkTip(branch: string): Promise<string> {
  const dir = join(git.home, `fork-clone-${++clones}`);
  await git.ok(['clone', '--quiet', '--branch', branch, cloneUrl(server.url, 'bob/proj.git', bob.token), dir]);
  return git.ok(['log', '-1', '--format=%H %P|%s|%cn'], { cwd: dir });
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  erin = await server.createUser('erin');
  carol = await server.createUser('carol');
  git = await gitCli();
  const parentId = await hookedRepository(server, alice, 'proj', ['pull_request']);
  await setCollaborator(server.sql, parentId, erin.id, 'write');
  await setCollaborator(server.sql, parentId, carol.id, 'read');
  aliceWork = join(git.home, 'alice');
  await git.ok(['init', '--quiet', '-b', 'main', aliceWork]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: aliceWork });
  await commitAndPush(aliceWork, 'README', 'hello\n', 'main');
  expect((await call('/repos/alice/proj/forks', { method: 'POST', token: bob.token })).status).toBe(202);
  const hook = await call('/repos/bob/proj/hooks', {
    method: 'POST',
    token: bob.token,
    body: { config: { url: 'https://example.com/fork' }, events: ['push'] },
  });
  expect(hook.status).toBe(201);
  const bobWork = join(git.home, 'bob');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'bob/proj.git', bob.token), bobWork]);
  await git.ok(['checkout', '--quiet', '-b', 'fix'], { cwd: bobWork });
  await commitAndPush(bobWork, 'fix.txt', 'fix\n', 'fix');
  const opened = await call('/repos/alice/proj/pulls', {
    method: 'POST',
    token: bob.token,
    body: { title: 'Fix', head: 'bob:fix', base: 'main', maintainer_can_modify: false },
  });
  expect(opened.status).toBe(201);
  number = opened.json.number;
  path = `/repos/alice/proj/pulls/${number}/update-branch`;
  parentEvents = outboxReader(server, { repositoryIds: [parentId] });
  forkEvents = outboxReader(server, { repositoryIds: [(await server.services.repos.find('bob', 'proj'))!.id] });
  await parentEvents();
  await forkEvents();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('PUT …/pulls/{n}/update-branch with the head in a fork', () => {
  it("merges the base into the fork's branch in the fork, for the fork's owner", async () => {
    const head = await branchSha('bob/proj', 'fix');
    expect((await update(bob.token)).status).toBe(422); // nothing new on the base yet
    const base = await commitAndPush(aliceWork, 'base.txt', 'one\n', 'main');
    await parentEvents();
    const stale = await update(bob.token, { expected_head_sha: base });
    expect(stale.status).toBe(422);
    expect(stale.json.message).toBe("expected head sha didn't match current head ref.");
    const { status, json } = await update(bob.token, { expected_head_sha: head });
    expect(status).toBe(202);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/update-branch', method: 'put', status: 202 },
      { operationId: 'pulls/update-branch' },
    );
    const merged = await branchSha('bob/proj', 'fix');
    expect(await forkTip('fix')).toBe(`${merged} ${head} ${base}|Merge branch 'main' into fix|GitHub`);
    const pushed = await forkEvents();
    expect(actions(pushed)).toEqual(['push']);
    expect(pushed[0]!.payload).toMatchObject({
      ref: 'refs/heads/fix',
      before: head,
      after: merged,
      sender: { login: 'bob' },
    });
    const synced = await parentEvents();
    expect(actions(synced)).toEqual(['pull_request.synchronize']);
    expect(synced[0]!.payload).toMatchObject({
      before: head,
      after: merged,
      repository: { full_name: 'alice/proj' },
      pull_request: { head: { sha: merged } },
    });
    expect(
      await server.services.git.resolveRef(
        (await server.services.repos.find('alice', 'proj'))!.id,
        `refs/pull/${number}/head`,
      ),
    ).toBe(merged);
    // The base is untouched.
    expect(await branchSha('alice/proj', 'main')).toBe(base);
  });

  it("is refused to the base's writers without the maintainer grant, and to its readers", async () => {
    const head = await branchSha('bob/proj', 'fix');
    await commitAndPush(aliceWork, 'base.txt', 'two\n', 'main');
    await parentEvents();
    for (const user of [erin, alice, carol]) {
      const denied = await update(user.token);
      expect(denied.status, user.login).toBe(403);
      expect(denied.json.message).toBe('Must have push access to Repository.');
    }
    expect(await branchSha('bob/proj', 'fix')).toBe(head);
    expect(await parentEvents()).toEqual([]);
  });

  it("is allowed to the base's writers with the grant, never to its readers", async () => {
    const head = await branchSha('bob/proj', 'fix');
    const granted = await call(`/repos/alice/proj/pulls/${number}`, {
      method: 'PATCH',
      token: bob.token,
      body: { maintainer_can_modify: true },
    });
    expect(granted.status).toBe(200);
    await parentEvents();
    expect((await update(carol.token)).status).toBe(403);
    const { status } = await update(erin.token, { expected_head_sha: head });
    expect(status).toBe(202);
    const merged = await branchSha('bob/proj', 'fix');
    const base = await branchSha('alice/proj', 'main');
    expect(await forkTip('fix')).toBe(`${merged} ${head} ${base}|Merge branch 'main' into fix|GitHub`);
    const pushed = await forkEvents();
    expect(actions(pushed)).toEqual(['push']);
    expect(pushed[0]!.payload).toMatchObject({ after: merged, sender: { login: 'erin' } });
    const synced = await parentEvents();
    expect(actions(synced)).toEqual(['pull_request.synchronize']);
    expect(synced[0]!.payload).toMatchObject({ after: merged, sender: { login: 'erin' } });
  });
});
