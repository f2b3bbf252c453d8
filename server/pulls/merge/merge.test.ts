// Merging pull requests over real HTTP with branches pushed by the real git
// CLI: mergeability computed by the job (polled until it is not null), the
// test merge at refs/pull/{n}/merge, each merge method's history as a fresh
// clone sees it, and GitHub's 405/409/422 answers; bodies checked against
// GitHub's schemas, events against its webhook schemas (merge-test-repo.ts).
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

describe('mergeability', () => {
  it('is computed by the job: clean with a fetchable refs/pull/{n}/merge, then dirty after a conflicting push to the base', async () => {
    const head = await t.commitAndPush('clash', { 'shared.txt': 'one\nTWO\nthree\n' }, 'change two', 'main');
    const pull = await t.open('clash');
    expect(pull).toMatchObject({ mergeable: null, mergeable_state: 'unknown' });
    const clean = await t.computed(pull.number);
    expect(clean).toMatchObject({ mergeable: true, rebaseable: true, mergeable_state: 'clean' });
    expectBothSchemas(
      clean,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'get' },
      { operationId: 'pulls/get' },
    );
    // A CI-style fetch of the test merge: parents base and head.
    await t.git.ok(['fetch', '--quiet', 'origin', `refs/pull/${pull.number}/merge`], { cwd: t.work });
    expect(await t.git.ok(['rev-parse', 'FETCH_HEAD'], { cwd: t.work })).toBe(clean.merge_commit_sha);
    expect(await t.git.ok(['log', '-1', '--format=%P', 'FETCH_HEAD'], { cwd: t.work })).toBe(
      `${clean.base.sha} ${head}`,
    );

    await t.commitAndPush('main', { 'shared.txt': 'one\nzwei\nthree\n' }, 'conflicting two', 'main');
    const dirty = await t.computed(pull.number);
    expect(dirty).toMatchObject({ mergeable: false, mergeable_state: 'dirty', merge_commit_sha: null });
    expect(await t.server.services.git.resolveRef(t.repoId, `refs/pull/${pull.number}/merge`)).toBeNull();
    const refused = await t.merge(pull.number);
    expect(refused.status).toBe(405);
    expect(refused.json.message).toBe('Pull Request is not mergeable');
    expect(actions(await t.newEvents())).toEqual(['push', 'pull_request.opened', 'push']);
    await t.closePull(pull.number);
    await t.newEvents();
  });

  it('shows a draft as `draft` once computed, with `mergeable` still computed', async () => {
    await t.pullMain();
    await t.commitAndPush('drafty', { 'draft.txt': 'd\n' }, 'draft work', 'main');
    const { json } = await t.call(pulls, {
      method: 'POST',
      token: t.alice.token,
      body: { title: 'Draft', head: 'drafty', base: 'main', draft: true },
    });
    expect(await t.computed(json.number)).toMatchObject({ mergeable: true, mergeable_state: 'draft' });
    const refused = await t.merge(json.number);
    expect(refused.status).toBe(405);
    expect(refused.json.message).toBe('Pull Request is still a draft');
    await t.closePull(json.number);
    await t.newEvents();
  });
});

describe('PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge', () => {
  it('merges with a merge commit: 409 for a stale sha, then push and pull_request.closed (merged), a two-parent commit in a clone', async () => {
    const base = await t.pullMain();
    const head = await t.commitAndPush('m1', { 'm1.txt': 'm1\n' }, 'add m1', 'main');
    const pull = await t.open('m1', 'Add m1');
    await t.newEvents();
    const stale = await t.merge(pull.number, { sha: base });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe('Head branch was modified. Review and try the merge again.');

    const { status, json } = await t.merge(pull.number, { sha: head, merge_method: 'merge' });
    expect(status).toBe(200);
    expect(json).toEqual({
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      merged: true,
      message: 'Pull Request successfully merged',
    });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge', method: 'put' },
      { operationId: 'pulls/merge' },
    );
    const events = await t.newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[0]!.payload).toMatchObject({ ref: 'refs/heads/main', before: base, after: json.sha });
    expect(events[1]!.payload.pull_request).toMatchObject({
      merged: true,
      merge_commit_sha: json.sha,
      merged_by: { login: 'alice' },
      state: 'closed',
    });
    expect(events[1]!.payload.sender.login).toBe('alice');

    const [tip] = await t.cloneLog('main');
    expect(tip).toBe(`${json.sha} ${base} ${head}|Merge pull request #${pull.number} from alice/m1|GitHub`);
    const got = (await t.call(`${pulls}/${pull.number}`)).json;
    expect(got).toMatchObject({
      state: 'closed',
      merged: true,
      merge_commit_sha: json.sha,
      merged_by: { login: 'alice' },
    });
    expect((await t.call(`/repos/alice/proj/issues/${pull.number}`)).json.pull_request.merged_at).toBe(got.merged_at);
    expect((await t.call(`${pulls}/${pull.number}/merge`)).status).toBe(204);

    const again = await t.merge(pull.number);
    expect(again.status).toBe(405);
    expect(again.json.message).toBe('Pull Request is not mergeable');
  });

  it('squashes into one commit on the base, titled "Title (#n)"', async () => {
    const base = await t.pullMain();
    await t.commitAndPush('sq', { 'sq1.txt': '1\n' }, 'first', 'main');
    await t.commitAndPush('sq', { 'sq2.txt': '2\n' }, 'second');
    const pull = await t.open('sq', 'Squash me');
    await t.newEvents();
    expect((await t.call(`${pulls}/${pull.number}`)).json.merged).toBe(false); // a body kept by GET's cache (pull-view-cache.ts)…
    const { status, json } = await t.merge(pull.number, { merge_method: 'squash' });
    expect(status).toBe(200);
    // …is not what the next GET shows.
    expect((await t.call(`${pulls}/${pull.number}`)).json).toMatchObject({
      merged: true,
      state: 'closed',
      merge_commit_sha: json.sha,
    });
    expect(await t.cloneLog('main', `${base}..origin/main`)).toEqual([
      `${json.sha} ${base}|Squash me (#${pull.number})|GitHub`,
    ]);
    expect(actions(await t.newEvents())).toEqual(['push', 'pull_request.closed']);
  });

  it('rebases each head commit onto the base, keeping authors, in order and linear', async () => {
    await t.pullMain();
    await t.commitAndPush('rb', { 'rb1.txt': '1\n' }, 'rebase one', 'main');
    await t.commitAndPush('rb', { 'rb2.txt': '2\n' }, 'rebase two');
    // The base moves on meanwhile, so a fast-forward is not possible.
    const base = await t.commitAndPush('main', { 'other.txt': 'o\n' }, 'base moves', 'main');
    const pull = await t.open('rb', 'Rebase me');
    await t.newEvents();
    const { status, json } = await t.merge(pull.number, { merge_method: 'rebase', commit_title: 'ignored' });
    expect(status).toBe(200);
    const log = await t.cloneLog('main', `${base}..origin/main`);
    expect(log).toHaveLength(2);
    const [second, first] = log.map((line) => line.split('|'));
    expect(second![0]).toBe(`${json.sha} ${first![0]!.split(' ')[0]}`);
    expect(first![0]!.split(' ')[1]).toBe(base);
    expect([first![1], second![1]]).toEqual(['rebase one', 'rebase two']);
    expect(await t.git.ok(['log', '-1', '--format=%an', 'rb'], { cwd: t.work })).toBe('Test Author');
    const events = await t.newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[1]!.payload.pull_request.merge_commit_sha).toBe(json.sha);
  });

  it("refuses a rebase that does not apply with GitHub's 405", async () => {
    await t.pullMain();
    await t.commitAndPush('rbc', { 'shared.txt': 'uno\ntwo\nthree\n' }, 'uno', 'main');
    await t.pullMain();
    await t.commitAndPush('main', { 'shared.txt': 'eins\ntwo\nthree\n' }, 'eins', 'main');
    const pull = await t.open('rbc');
    const { status, json } = await t.merge(pull.number, { merge_method: 'rebase' });
    expect(status).toBe(405);
    expect(json.message).toBe("This branch can't be rebased");
    await t.closePull(pull.number);
    await t.newEvents();
  });

  it('needs push access; 422 for an unknown merge_method; check-if-merged is 404 until merged', async () => {
    await t.pullMain();
    await t.commitAndPush('perm', { 'perm.txt': 'p\n' }, 'perm', 'main');
    const pull = await t.open('perm');
    expect((await t.merge(pull.number, {}, t.carol.token)).status).toBe(403);
    expect((await t.merge(pull.number, { merge_method: 'octopus' })).status).toBe(422);
    expect((await t.call(`${pulls}/${pull.number}/merge`)).status).toBe(404);
    expect((await t.call(`${pulls}/9999/merge`)).status).toBe(404);
    expect((await t.merge(9999)).status).toBe(404);
    await t.closePull(pull.number);
    await t.newEvents();
  });
});
