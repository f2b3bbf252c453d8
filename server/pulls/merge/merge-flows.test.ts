// The other ways a pull request's branches move: a push that brings the
// head into the base (merged by the pusher, as GitHub), update-branch (the
// base merged into the head), and the repository's merge settings
// (disallowed methods, delete_branch_on_merge), over real HTTP and git.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../../test-support/response-schemas.js';
import { actions, MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';

let t: MergeTestRepo;

beforeAll(async () => {
  t = await MergeTestRepo.start();
});
afterAll(async () => {
  await t?.close();
});

describe('a push that brings the head into the base', () => {
  it('marks the pull request merged by the pusher, with the new base tip as merge_commit_sha', async () => {
    await t.pullMain();
    const head = await t.commitAndPush('ff', { 'ff.txt': 'ff\n' }, 'fast forward', 'main');
    const pull = await t.open('ff');
    await t.newEvents();
    await t.git.ok(['push', '--quiet', 'origin', 'ff:main'], { cwd: t.work });
    const events = await t.newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[1]!.payload.pull_request).toMatchObject({
      merged: true,
      merge_commit_sha: head,
      merged_by: { login: 'alice' },
    });
    expect((await t.call(`${pulls}/${pull.number}`)).json).toMatchObject({
      state: 'closed',
      merged: true,
      merge_commit_sha: head,
    });
    expect((await t.call(`${pulls}/${pull.number}/merge`)).status).toBe(204);
  });
});

describe('PUT /repos/{owner}/{repo}/pulls/{pull_number}/update-branch', () => {
  it('merges the base into the head (422 for a stale expected_head_sha, or nothing new), with synchronize', async () => {
    await t.pullMain();
    const head = await t.commitAndPush('behind', { 'behind.txt': 'b\n' }, 'behind', 'main');
    const pull = await t.open('behind');
    const path = `${pulls}/${pull.number}/update-branch`;
    const nothing = await t.call(path, { method: 'PUT', token: t.alice.token, body: {} });
    expect(nothing.status).toBe(422);
    const base = await t.commitAndPush('main', { 'ahead.txt': 'a\n' }, 'ahead', 'main');
    await t.newEvents();
    const stale = await t.call(path, { method: 'PUT', token: t.alice.token, body: { expected_head_sha: base } });
    expect(stale.status).toBe(422);
    expect(stale.json.message).toBe("expected head sha didn't match current head ref.");
    const { status, json } = await t.call(path, {
      method: 'PUT',
      token: t.alice.token,
      body: { expected_head_sha: head },
    });
    expect(status).toBe(202);
    expect(json).toEqual({ message: 'Updating pull request branch.', url: pull.url });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/update-branch', method: 'put', status: 202 },
      { operationId: 'pulls/update-branch' },
    );
    const events = await t.newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.synchronize']);
    const after = events[1]!.payload.after;
    expect(await t.git.ok(['ls-remote', 'origin', 'refs/heads/behind'], { cwd: t.work })).toContain(after);
    const [tip] = await t.cloneLog('behind');
    expect(tip).toBe(`${after} ${head} ${base}|Merge branch 'main' into behind|GitHub`);

    // Both sides change one line: GitHub's 422, and the head stays.
    await t.git.ok(['fetch', '--quiet', 'origin', 'behind'], { cwd: t.work });
    await t.git.ok(['checkout', '--quiet', '-B', 'behind', 'FETCH_HEAD'], { cwd: t.work });
    const ours = await t.commitAndPush('behind', { 'shared.txt': 'one\nhead\nthree\n' }, 'head side');
    await t.commitAndPush('main', { 'shared.txt': 'one\nbase\nthree\n' }, 'base side', base);
    const conflicting = await t.call(path, { method: 'PUT', token: t.alice.token, body: {} });
    expect(conflicting.status).toBe(422);
    expect(conflicting.json.message).toBe('merge conflict between base and head');
    expect(await t.server.services.git.resolveRef(t.repoId, 'refs/heads/behind')).toBe(ours);
    await t.closePull(pull.number);
    await t.newEvents();
  });
});

describe('merge settings', () => {
  it('are shown and changed through the repository; a disallowed method is 405; delete_branch_on_merge deletes the head', async () => {
    const patched = await t.call('/repos/alice/proj', {
      method: 'PATCH',
      token: t.alice.token,
      body: { allow_squash_merge: false, delete_branch_on_merge: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      allow_squash_merge: false,
      allow_merge_commit: true,
      allow_rebase_merge: true,
      delete_branch_on_merge: true,
    });
    expectBothSchemas(
      patched.json,
      { path: '/repos/{owner}/{repo}', method: 'patch' },
      { operationId: 'repos/update' },
    );
    expect((await t.call('/repos/alice/proj')).json).toMatchObject({
      allow_squash_merge: false,
      delete_branch_on_merge: true,
    });
    const none = await t.call('/repos/alice/proj', {
      method: 'PATCH',
      token: t.alice.token,
      body: { allow_merge_commit: false, allow_rebase_merge: false },
    });
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual([expect.objectContaining({ resource: 'Repository', code: 'invalid' })]);

    await t.pullMain();
    const head = await t.commitAndPush('gone', { 'gone.txt': 'g\n' }, 'to be deleted', 'main');
    const pull = await t.open('gone');
    await t.newEvents();
    const squash = await t.merge(pull.number, { merge_method: 'squash' });
    expect(squash.status).toBe(405);
    expect(squash.json.message).toBe('Squash merges are not allowed on this repository.');
    expect((await t.merge(pull.number)).status).toBe(200);
    const events = await t.newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed', 'delete', 'push']);
    expect(events[3]!.payload).toMatchObject({ ref: 'refs/heads/gone', before: head, deleted: true });
    expect(await t.server.services.git.resolveRef(t.repoId, 'refs/heads/gone')).toBeNull();
    await t.call('/repos/alice/proj', {
      method: 'PATCH',
      token: t.alice.token,
      body: { allow_squash_merge: true, delete_branch_on_merge: false },
    });
  });
});
