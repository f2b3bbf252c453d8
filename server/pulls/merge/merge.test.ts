// Merging pull requests over real HTTP with branches pushed by the real git
// CLI: mergeability computed by the job (polled until it is not null), the
// test merge at refs/pull/{n}/merge, each merge method's history as a fresh
// clone sees it, GitHub's 405/409/422 answers, merged-by-push, update-branch
// and delete_branch_on_merge, with bodies checked against GitHub's schemas
// and every event against GitHub's webhook schemas (the outbox reader).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../../test-support/git-cli.js';
import { expectBothSchemas } from '../../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { githubWebhookErrors } from '../../test-support/github-webhook-schema.js';
import { hookedRepository, type QueuedEvent } from '../../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser; // owner
let carol: TestUser; // no rights (public repository)
let git: GitCli;
let work: string;
let repoId: number;
let newEvents: () => Promise<QueuedEvent[]>;
let clones = 0;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
const pulls = '/repos/alice/proj/pulls';
const merge = (number: number, body: Record<string, unknown> = {}, token = alice.token) =>
  call(`${pulls}/${number}/merge`, { method: 'PUT', token, body });

/** Commits `files` on `branch` (created from `from` when given) and pushes it; the new head. */
async function commitAndPush(branch: string, files: Record<string, string>, message: string, from?: string): Promise<string> {
  await git.ok(['checkout', '--quiet', ...(from ? ['-B', branch, from] : [branch])], { cwd: work });
  for (const [file, text] of Object.entries(files)) await writeFile(join(work, file), text);
  await git.ok(['add', '--all'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', message], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

/** Brings the work tree's `main` to the server's. */
async function pullMain(): Promise<string> {
  await git.ok(['fetch', '--quiet', 'origin', 'main'], { cwd: work });
  await git.ok(['checkout', '--quiet', '-B', 'main', 'FETCH_HEAD'], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

async function open(head: string, title = `Merge ${head}`): Promise<any> {
  const { status, json } = await call(pulls, { method: 'POST', token: alice.token, body: { title, head, base: 'main' } });
  expect(status).toBe(201);
  return json;
}

/** The pull request once its mergeability job has run (a generous poll: the machine may be busy). */
async function computed(number: number): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { json } = await call(`${pulls}/${number}`);
    if (json.mergeable !== null) return json;
    if (Date.now() > deadline) throw new Error(`mergeable of #${number} still null`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `git log` of `ref` in a fresh clone: one line per commit, `sha parents|subject|committer`. */
async function cloneLog(ref: string, range?: string): Promise<string[]> {
  const dir = join(git.home, `clone-${++clones}`);
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/proj.git', alice.token), dir]);
  const out = await git.ok(['log', '--format=%H %P|%s|%cn', range ?? `origin/${ref}`], { cwd: dir });
  return out.split('\n').filter(Boolean);
}

/** `event.action`, or `event` alone for events without actions (push, delete). */
const actions = (events: QueuedEvent[]) => events.map((e) => (e.action ? `${e.event}.${e.action}` : e.event));

/**
 * The outbox since the last call, each payload checked against GitHub's
 * webhook schema (as test-support's outboxReader, which also wants an
 * `action`; push and delete have none).
 */
function eventReader(): () => Promise<QueuedEvent[]> {
  let lastId = 0;
  return async () => {
    const rows = await server.sql<(QueuedEvent & { id: number })[]>`
      SELECT id, hook_id, repository_id, event, action, payload FROM webhook_jobs
      WHERE id > ${lastId} AND event <> 'ping' AND repository_id = ${repoId} ORDER BY id`;
    lastId = Math.max(lastId, ...rows.map((row) => row.id));
    return rows.map(({ id: _id, ...job }) => {
      const payload = JSON.parse(job.payload as string);
      expect(githubWebhookErrors(job.event, job.action, payload), `${job.event}.${job.action}`).toBe('');
      return { ...job, action: job.action ?? '', payload };
    });
  };
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  git = await gitCli();
  repoId = await hookedRepository(server, alice, 'proj', ['pull_request', 'push', 'delete']);
  newEvents = eventReader();
  work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: work });
  await writeFile(join(work, 'shared.txt'), 'one\ntwo\nthree\n');
  await git.ok(['add', '--all'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'root'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
  await newEvents();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('mergeability', () => {
  it('is computed by the job: clean with a fetchable refs/pull/{n}/merge, then dirty after a conflicting push to the base', async () => {
    const head = await commitAndPush('clash', { 'shared.txt': 'one\nTWO\nthree\n' }, 'change two', 'main');
    const pull = await open('clash');
    expect(pull).toMatchObject({ mergeable: null, mergeable_state: 'unknown' });
    const clean = await computed(pull.number);
    expect(clean).toMatchObject({ mergeable: true, rebaseable: true, mergeable_state: 'clean' });
    expectBothSchemas(clean, { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'get' }, { operationId: 'pulls/get' });
    // A CI-style fetch of the test merge: parents base and head.
    await git.ok(['fetch', '--quiet', 'origin', `refs/pull/${pull.number}/merge`], { cwd: work });
    expect(await git.ok(['rev-parse', 'FETCH_HEAD'], { cwd: work })).toBe(clean.merge_commit_sha);
    expect(await git.ok(['log', '-1', '--format=%P', 'FETCH_HEAD'], { cwd: work })).toBe(`${clean.base.sha} ${head}`);

    await commitAndPush('main', { 'shared.txt': 'one\nzwei\nthree\n' }, 'conflicting two', 'main');
    const dirty = await computed(pull.number);
    expect(dirty).toMatchObject({ mergeable: false, mergeable_state: 'dirty', merge_commit_sha: null });
    expect(await server.services.git.resolveRef(repoId, `refs/pull/${pull.number}/merge`)).toBeNull();
    const refused = await merge(pull.number);
    expect(refused.status).toBe(405);
    expect(refused.json.message).toBe('Pull Request is not mergeable');
    expect(actions(await newEvents())).toEqual(['push', 'pull_request.opened', 'push']);
    await call(`${pulls}/${pull.number}`, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
    await newEvents();
  });

  it('shows a draft as `draft` once computed, with `mergeable` still computed', async () => {
    await pullMain();
    await commitAndPush('drafty', { 'draft.txt': 'd\n' }, 'draft work', 'main');
    const { json } = await call(pulls, { method: 'POST', token: alice.token, body: { title: 'Draft', head: 'drafty', base: 'main', draft: true } });
    expect(await computed(json.number)).toMatchObject({ mergeable: true, mergeable_state: 'draft' });
    await call(`${pulls}/${json.number}`, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
    await newEvents();
  });
});

describe('PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge', () => {
  it('merges with a merge commit: 409 for a stale sha, then push and pull_request.closed (merged), a two-parent commit in a clone', async () => {
    const base = await pullMain();
    const head = await commitAndPush('m1', { 'm1.txt': 'm1\n' }, 'add m1', 'main');
    const pull = await open('m1', 'Add m1');
    await newEvents();
    const stale = await merge(pull.number, { sha: base });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe('Head branch was modified. Review and try the merge again.');

    const { status, json } = await merge(pull.number, { sha: head, merge_method: 'merge' });
    expect(status).toBe(200);
    expect(json).toEqual({ sha: expect.stringMatching(/^[0-9a-f]{40}$/), merged: true, message: 'Pull Request successfully merged' });
    expectBothSchemas(json, { path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge', method: 'put' }, { operationId: 'pulls/merge' });
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[0]!.payload).toMatchObject({ ref: 'refs/heads/main', before: base, after: json.sha });
    expect(events[1]!.payload.pull_request).toMatchObject({ merged: true, merge_commit_sha: json.sha, merged_by: { login: 'alice' }, state: 'closed' });
    expect(events[1]!.payload.sender.login).toBe('alice');

    const [tip] = await cloneLog('main');
    expect(tip).toBe(`${json.sha} ${base} ${head}|Merge pull request #${pull.number} from alice/m1|GitHub`);
    const got = (await call(`${pulls}/${pull.number}`)).json;
    expect(got).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: json.sha, merged_by: { login: 'alice' } });
    expect((await call(`/repos/alice/proj/issues/${pull.number}`)).json.pull_request.merged_at).toBe(got.merged_at);
    expect((await call(`${pulls}/${pull.number}/merge`)).status).toBe(204);

    const again = await merge(pull.number);
    expect(again.status).toBe(405);
    expect(again.json.message).toBe('Pull Request is not mergeable');
  });

  it('squashes into one commit on the base, titled "Title (#n)"', async () => {
    const base = await pullMain();
    await commitAndPush('sq', { 'sq1.txt': '1\n' }, 'first', 'main');
    await commitAndPush('sq', { 'sq2.txt': '2\n' }, 'second');
    const pull = await open('sq', 'Squash me');
    await newEvents();
    const { status, json } = await merge(pull.number, { merge_method: 'squash' });
    expect(status).toBe(200);
    expect(await cloneLog('main', `${base}..origin/main`)).toEqual([`${json.sha} ${base}|Squash me (#${pull.number})|GitHub`]);
    expect(actions(await newEvents())).toEqual(['push', 'pull_request.closed']);
  });

  it('rebases each head commit onto the base, keeping authors, in order and linear', async () => {
    await pullMain();
    await commitAndPush('rb', { 'rb1.txt': '1\n' }, 'rebase one', 'main');
    await commitAndPush('rb', { 'rb2.txt': '2\n' }, 'rebase two');
    // The base moves on meanwhile, so a fast-forward is not possible.
    const base = await commitAndPush('main', { 'other.txt': 'o\n' }, 'base moves', 'main');
    const pull = await open('rb', 'Rebase me');
    await newEvents();
    const { status, json } = await merge(pull.number, { merge_method: 'rebase', commit_title: 'ignored' });
    expect(status).toBe(200);
    const log = await cloneLog('main', `${base}..origin/main`);
    expect(log).toHaveLength(2);
    const [second, first] = log.map((line) => line.split('|'));
    expect(second![0]).toBe(`${json.sha} ${first![0]!.split(' ')[0]}`);
    expect(first![0]!.split(' ')[1]).toBe(base);
    expect([first![1], second![1]]).toEqual(['rebase one', 'rebase two']);
    expect(await git.ok(['log', '-1', '--format=%an', 'rb'], { cwd: work })).toBe('Test Author');
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[1]!.payload.pull_request.merge_commit_sha).toBe(json.sha);
  });

  it('refuses a rebase that does not apply with GitHub\'s 405', async () => {
    await pullMain();
    await commitAndPush('rbc', { 'shared.txt': 'uno\ntwo\nthree\n' }, 'uno', 'main');
    await pullMain();
    await commitAndPush('main', { 'shared.txt': 'eins\ntwo\nthree\n' }, 'eins', 'main');
    const pull = await open('rbc');
    const { status, json } = await merge(pull.number, { merge_method: 'rebase' });
    expect(status).toBe(405);
    expect(json.message).toBe("This branch can't be rebased");
    await call(`${pulls}/${pull.number}`, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
    await newEvents();
  });

  it('needs push access; 422 for an unknown merge_method; check-if-merged is 404 until merged', async () => {
    await pullMain();
    await commitAndPush('perm', { 'perm.txt': 'p\n' }, 'perm', 'main');
    const pull = await open('perm');
    expect((await merge(pull.number, {}, carol.token)).status).toBe(403);
    expect((await merge(pull.number, { merge_method: 'octopus' })).status).toBe(422);
    expect((await call(`${pulls}/${pull.number}/merge`)).status).toBe(404);
    expect((await call(`${pulls}/9999/merge`)).status).toBe(404);
    expect((await merge(9999)).status).toBe(404);
    await call(`${pulls}/${pull.number}`, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
    await newEvents();
  });
});

describe('a push that brings the head into the base', () => {
  it('marks the pull request merged by the pusher, with the new base tip as merge_commit_sha', async () => {
    await pullMain();
    const head = await commitAndPush('ff', { 'ff.txt': 'ff\n' }, 'fast forward', 'main');
    const pull = await open('ff');
    await newEvents();
    await git.ok(['push', '--quiet', 'origin', 'ff:main'], { cwd: work });
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed']);
    expect(events[1]!.payload.pull_request).toMatchObject({ merged: true, merge_commit_sha: head, merged_by: { login: 'alice' } });
    expect((await call(`${pulls}/${pull.number}`)).json).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: head });
    expect((await call(`${pulls}/${pull.number}/merge`)).status).toBe(204);
  });
});

describe('PUT /repos/{owner}/{repo}/pulls/{pull_number}/update-branch', () => {
  it('merges the base into the head (422 for a stale expected_head_sha, or nothing new), with synchronize', async () => {
    await pullMain();
    const head = await commitAndPush('behind', { 'behind.txt': 'b\n' }, 'behind', 'main');
    const pull = await open('behind');
    const path = `${pulls}/${pull.number}/update-branch`;
    const nothing = await call(path, { method: 'PUT', token: alice.token, body: {} });
    expect(nothing.status).toBe(422);
    const base = await commitAndPush('main', { 'ahead.txt': 'a\n' }, 'ahead', 'main');
    await newEvents();
    const stale = await call(path, { method: 'PUT', token: alice.token, body: { expected_head_sha: base } });
    expect(stale.status).toBe(422);
    expect(stale.json.message).toBe("expected head sha didn't match current head ref.");
    const { status, json } = await call(path, { method: 'PUT', token: alice.token, body: { expected_head_sha: head } });
    expect(status).toBe(202);
    expect(json).toEqual({ message: 'Updating pull request branch.', url: pull.url });
    expectBothSchemas(json, { path: '/repos/{owner}/{repo}/pulls/{pull_number}/update-branch', method: 'put', status: 202 }, { operationId: 'pulls/update-branch' });
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.synchronize']);
    const after = events[1]!.payload.after;
    expect(await git.ok(['ls-remote', 'origin', 'refs/heads/behind'], { cwd: work })).toContain(after);
    const [tip] = await cloneLog('behind');
    expect(tip).toBe(`${after} ${head} ${base}|Merge branch 'main' into behind|GitHub`);
    await call(`${pulls}/${pull.number}`, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
    await newEvents();
  });
});

describe('merge settings', () => {
  it('are shown and changed through the repository; a disallowed method is 405; delete_branch_on_merge deletes the head', async () => {
    const patched = await call('/repos/alice/proj', { method: 'PATCH', token: alice.token, body: { allow_squash_merge: false, delete_branch_on_merge: true } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ allow_squash_merge: false, allow_merge_commit: true, allow_rebase_merge: true, delete_branch_on_merge: true });
    expectBothSchemas(patched.json, { path: '/repos/{owner}/{repo}', method: 'patch' }, { operationId: 'repos/update' });
    expect((await call('/repos/alice/proj')).json).toMatchObject({ allow_squash_merge: false, delete_branch_on_merge: true });

    await pullMain();
    const head = await commitAndPush('gone', { 'gone.txt': 'g\n' }, 'to be deleted', 'main');
    const pull = await open('gone');
    await newEvents();
    const squash = await merge(pull.number, { merge_method: 'squash' });
    expect(squash.status).toBe(405);
    expect(squash.json.message).toBe('Squash merges are not allowed on this repository.');
    expect((await merge(pull.number)).status).toBe(200);
    const events = await newEvents();
    expect(actions(events)).toEqual(['push', 'pull_request.closed', 'delete', 'push']);
    expect(events[3]!.payload).toMatchObject({ ref: 'refs/heads/gone', before: head, deleted: true });
    expect(await server.services.git.resolveRef(repoId, 'refs/heads/gone')).toBeNull();
    await call('/repos/alice/proj', { method: 'PATCH', token: alice.token, body: { allow_squash_merge: true, delete_branch_on_merge: false } });
  });
});
