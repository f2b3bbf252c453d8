// Pull requests over real HTTP with branches pushed by the real git CLI:
// GitHub's bodies (checked against GitHub's own schemas), GitHub's 422s,
// refs/pull/{n}/head, lists and their filters, edits, and the
// `pull_request` events each change writes (checked against GitHub's
// webhook schemas by the outbox reader).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser; // owner
let carol: TestUser; // no rights (public repository)
let git: GitCli;
let work: string;
let repoId: number;
let newEvents: () => Promise<QueuedEvent[]>;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
const create = (body: Record<string, unknown>, token = alice.token) =>
  call('/repos/alice/proj/pulls', { method: 'POST', token, body });

/** Commits a file on `branch` (created from `from` when new) and pushes it. */
async function commitAndPush(branch: string, file: string, text: string, from?: string) {
  if (from) await git.ok(['checkout', '--quiet', '-B', branch, from], { cwd: work });
  else await git.ok(['checkout', '--quiet', branch], { cwd: work });
  await git.ok(['-c', 'core.autocrlf=false', 'commit', '--quiet', '--allow-empty', '-m', `${file} on ${branch}`], {
    cwd: work,
  });
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(work, file), text);
  await git.ok(['add', file], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', `edit ${file}`], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  git = await gitCli();
  repoId = await hookedRepository(server, alice, 'proj', ['pull_request', 'issues']);
  newEvents = outboxReader(server, { repositoryIds: [repoId] });
  work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'root'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
  await commitAndPush('feature', 'a.txt', 'one\ntwo\n', 'main');
  await commitAndPush('other', 'b.txt', 'x\n', 'main');
  await git.ok(['push', '--quiet', 'origin', 'main:develop'], { cwd: work });
  await newEvents();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('POST /repos/{owner}/{repo}/pulls', () => {
  it("opens a pull request with GitHub's body, writes refs/pull/{n}/head and emits pull_request.opened", async () => {
    const headSha = await server.services.git.resolveRef(repoId, 'refs/heads/feature');
    const baseSha = await server.services.git.resolveRef(repoId, 'refs/heads/main');
    const { res, status, json } = await create({ title: 'Add a', body: 'Please pull', head: 'feature', base: 'main' });
    expect(status).toBe(201);
    const url = `${server.url}/api/v3/repos/alice/proj/pulls/${json.number}`;
    expect(res.headers.get('location')).toBe(url);
    expect(json).toMatchObject({
      url,
      html_url: `${server.url}/alice/proj/pull/${json.number}`,
      issue_url: `${server.url}/api/v3/repos/alice/proj/issues/${json.number}`,
      title: 'Add a',
      body: 'Please pull',
      state: 'open',
      draft: false,
      merged: false,
      mergeable: null,
      mergeable_state: 'unknown',
      head: {
        label: 'alice:feature',
        ref: 'feature',
        sha: headSha,
        repo: { full_name: 'alice/proj' },
        user: { login: 'alice' },
      },
      base: { label: 'alice:main', ref: 'main', sha: baseSha, repo: { full_name: 'alice/proj' } },
      commits: 2,
      additions: 2,
      deletions: 0,
      changed_files: 1,
      user: { login: 'alice' },
      author_association: 'OWNER',
    });
    expect(json.node_id).toMatch(/^PR_/);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls', method: 'post', status: 201 },
      { operationId: 'pulls/create' },
    );
    expect(await server.services.git.resolveRef(repoId, `refs/pull/${json.number}/head`)).toBe(headSha);
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.opened']);
    expect(events[0]!.payload).toMatchObject({
      number: json.number,
      pull_request: { number: json.number, head: { sha: headSha } },
    });
  });

  it("shares the issues' number sequence", async () => {
    const issue = await call('/repos/alice/proj/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'An issue' },
    });
    const { json } = await create({ title: 'Other', head: 'alice:other', base: 'main', draft: true });
    expect(json.number).toBe(issue.json.number + 1);
    expect(json.draft).toBe(true);
    await newEvents();
  });

  it("answers GitHub's 422s and changes nothing", async () => {
    const before = await server.sql`SELECT count(*)::int AS n FROM pull_requests`;
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { title: 'Again', head: 'feature', base: 'main' },
        { resource: 'PullRequest', code: 'custom', message: 'A pull request already exists for alice:feature.' },
      ],
      [
        { title: 'Nothing', head: 'develop', base: 'main' },
        { resource: 'PullRequest', code: 'custom', message: 'No commits between main and develop' },
      ],
      [
        { title: 'Missing', head: 'nope', base: 'main' },
        { resource: 'PullRequest', field: 'head', code: 'invalid' },
      ],
      [
        { title: 'Missing base', head: 'feature', base: 'nope' },
        { resource: 'PullRequest', field: 'base', code: 'invalid' },
      ],
      [
        { title: 'Fork', head: 'carol:feature', base: 'main' },
        { resource: 'PullRequest', field: 'head', code: 'invalid' },
      ],
      [
        { head: 'feature', base: 'develop' },
        { resource: 'PullRequest', field: 'title', code: 'missing_field' },
      ],
    ];
    for (const [body, error] of cases) {
      const { status, json } = await create(body);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(json.errors, JSON.stringify(body)).toEqual([expect.objectContaining(error as object)]);
    }
    expect(await server.sql`SELECT count(*)::int AS n FROM pull_requests`).toEqual(before);
    expect(await newEvents()).toEqual([]);
  });

  it('needs a signed-in caller; anyone who can read may open one', async () => {
    expect(
      (
        await call('/repos/alice/proj/pulls', {
          method: 'POST',
          body: { title: 'anon', head: 'feature', base: 'develop' },
        })
      ).status,
    ).toBe(401);
    const { status, json } = await create({ title: 'From carol', head: 'feature', base: 'develop' }, carol.token);
    expect(status).toBe(201);
    expect(json).toMatchObject({ user: { login: 'carol' }, author_association: 'NONE', base: { ref: 'develop' } });
    await newEvents();
  });

  it('turns an open issue into a pull request with `issue`', async () => {
    const issue = await call('/repos/alice/proj/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Convert me', body: 'text' },
    });
    await commitAndPush('convert', 'c.txt', 'c\n', 'main');
    const { status, json } = await create({ issue: issue.json.number, head: 'convert', base: 'main' });
    expect(status).toBe(201);
    expect(json).toMatchObject({ number: issue.json.number, title: 'Convert me', body: 'text' });
    expect((await create({ issue: issue.json.number, head: 'other', base: 'develop' })).status).toBe(422);
    expect((await create({ issue: 2 ** 40, head: 'other', base: 'develop' })).status).toBe(422);
    await newEvents();
  });
});

describe('GET /repos/{owner}/{repo}/pulls/{pull_number}', () => {
  it("answers the pull request, 404 for an issue's number or an unknown one", async () => {
    const [first] = (await call('/repos/alice/proj/pulls?state=all&direction=asc')).json;
    const { status, json } = await call(`/repos/alice/proj/pulls/${first.number}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ number: first.number, title: 'Add a' });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'get', status: 200 },
      { operationId: 'pulls/get' },
    );
    const issue = await call('/repos/alice/proj/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Plain' },
    });
    expect((await call(`/repos/alice/proj/pulls/${issue.json.number}`)).status).toBe(404);
    expect((await call('/repos/alice/proj/pulls/99999')).status).toBe(404);
    await newEvents();
  });
});

describe('GET /repos/{owner}/{repo}/pulls', () => {
  it('lists open pull requests newest first, with filters and pages', async () => {
    const { status, json, res } = await call('/repos/alice/proj/pulls?per_page=2');
    expect(status).toBe(200);
    expect(json.map((p: any) => p.title)).toEqual(['Convert me', 'From carol']);
    expect(res.headers.get('link')).toContain('rel="next"');
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls', method: 'get', status: 200 },
      { operationId: 'pulls/list' },
    );
    const titles = async (q: string) => (await call(`/repos/alice/proj/pulls?${q}`)).json.map((p: any) => p.title);
    expect(await titles('base=develop')).toEqual(['From carol']);
    expect(await titles('head=alice:other')).toEqual(['Other']);
    expect(await titles('head=bob:other')).toEqual([]);
    expect(await titles('sort=created&direction=asc')).toEqual(['Add a', 'Other', 'From carol', 'Convert me']);
    expect(await titles('state=closed')).toEqual([]);
  });
});

describe('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', () => {
  it('edits title, body and base with one `edited` event, then closes and reopens', async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=alice:other')).json;
    const path = `/repos/alice/proj/pulls/${pull.number}`;
    const edited = await call(path, {
      method: 'PATCH',
      token: alice.token,
      body: { title: 'Renamed', body: 'new', base: 'develop', maintainer_can_modify: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      title: 'Renamed',
      body: 'new',
      base: { ref: 'develop' },
      maintainer_can_modify: true,
    });
    expectBothSchemas(
      edited.json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'patch', status: 200 },
      { operationId: 'pulls/update' },
    );
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.edited']);
    expect(events[0]!.payload.changes).toEqual({
      title: { from: 'Other' },
      body: { from: '' },
      base: { ref: { from: 'main' }, sha: { from: pull.base.sha } },
    });

    const closed = await call(path, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
    expect(closed.json).toMatchObject({ state: 'closed', merged: false, merged_at: null });
    expect((await call(`/repos/alice/proj/issues/${pull.number}`)).json.state).toBe('closed');
    const closedEvents = await newEvents();
    expect(actions(closedEvents)).toEqual(['pull_request.closed']);
    expect(closedEvents[0]!.payload.pull_request.merged).toBe(false);
    expect((await call(path, { method: 'PATCH', token: alice.token, body: { state: 'open' } })).json.state).toBe(
      'open',
    );
    expect(actions(await newEvents())).toEqual(['pull_request.reopened']);
  });

  it('lets only the author or triagers edit; unknown bases are 422; no change emits nothing', async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=alice:other')).json;
    const path = `/repos/alice/proj/pulls/${pull.number}`;
    expect((await call(path, { method: 'PATCH', token: carol.token, body: { title: 'x' } })).status).toBe(403);
    const bad = await call(path, { method: 'PATCH', token: alice.token, body: { base: 'nope' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([
      expect.objectContaining({ resource: 'PullRequest', field: 'base', code: 'invalid' }),
    ]);
    expect((await call(path, { method: 'PATCH', token: alice.token, body: { title: pull.title } })).status).toBe(200);
    expect(await newEvents()).toEqual([]);
  });
});

describe('pull requests as issues', () => {
  it("carry GitHub's `pull_request` key in issue bodies and lists; plain issues do not", async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=alice:feature')).json;
    const { json } = await call(`/repos/alice/proj/issues/${pull.number}`);
    expect(json.pull_request).toEqual({
      url: pull.url,
      html_url: pull.html_url,
      diff_url: pull.diff_url,
      patch_url: pull.patch_url,
      merged_at: null,
    });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}', method: 'get', status: 200 },
      { operationId: 'issues/get' },
    );
    const list = (await call('/repos/alice/proj/issues?state=all&per_page=100')).json;
    expect(list.find((i: any) => i.number === pull.number).pull_request.url).toBe(pull.url);
    expect(list.find((i: any) => i.title === 'Plain')).not.toHaveProperty('pull_request');
  });

  it('keeps the issue-list cache in step with pull_requests rows', async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=alice:feature')).json;
    const find = async () =>
      (await call('/repos/alice/proj/issues?state=all&per_page=100')).json.find((i: any) => i.number === pull.number);
    expect((await find()).pull_request.merged_at).toBeNull();
    // Straight in the database: only the trigger of migration 020 can tell the cache.
    await server.sql`UPDATE pull_requests SET merged_at = '2026-01-02T03:04:05Z' WHERE issue_id = ${pull.id}`;
    expect((await find()).pull_request.merged_at).toBe('2026-01-02T03:04:05Z');
    await server.sql`UPDATE pull_requests SET merged_at = NULL WHERE issue_id = ${pull.id}`;
  });

  it('are found by is:pr and left out by is:issue in search', async () => {
    const titles = async (q: string) =>
      (
        await call(`/search/issues?q=${encodeURIComponent(q)}&sort=created&order=asc`, { token: alice.token })
      ).json.items.map((i: any) => i.title);
    expect(await titles('repo:alice/proj is:pr')).toEqual(['Add a', 'Renamed', 'From carol', 'Convert me']);
    expect(await titles('repo:alice/proj is:issue')).toEqual(['An issue', 'Plain']);
    expect(await titles('repo:alice/proj is:unmerged')).toHaveLength(4);
    expect(await titles('repo:alice/proj is:merged')).toEqual([]);
  });
});

describe('pushes to a head branch', () => {
  it("move each open pull request's head, refs/pull/{n}/head and counts, with a `synchronize` event", async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=alice:feature')).json;
    const after = await commitAndPush('feature', 'a.txt', 'one\ntwo\nthree\n');
    // Two open pull requests have this head (into main and into develop): one event each.
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.synchronize', 'pull_request.synchronize']);
    expect(events.map((e) => e.payload.pull_request.base.ref)).toEqual(['main', 'develop']);
    expect(events.find((e) => e.payload.number === pull.number)!.payload).toMatchObject({
      before: pull.head.sha,
      after,
      pull_request: { head: { sha: after } },
    });
    expect(await server.services.git.resolveRef(repoId, `refs/pull/${pull.number}/head`)).toBe(after);
    const { json } = await call(`/repos/alice/proj/pulls/${pull.number}`);
    expect(json).toMatchObject({ head: { sha: after }, commits: 4, additions: 3, changed_files: 1 });
  });

  it('leave closed pull requests alone', async () => {
    const [pull] = (await call('/repos/alice/proj/pulls?head=alice:convert')).json;
    await call(`/repos/alice/proj/pulls/${pull.number}`, {
      method: 'PATCH',
      token: alice.token,
      body: { state: 'closed' },
    });
    await newEvents();
    await commitAndPush('convert', 'c.txt', 'cc\n');
    expect(await newEvents()).toEqual([]);
    expect(await server.services.git.resolveRef(repoId, `refs/pull/${pull.number}/head`)).toBe(pull.head.sha);
  });
});
