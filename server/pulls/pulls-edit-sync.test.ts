// Changing pull requests over real HTTP: edits with their `edited` event,
// closing and reopening, who may edit; pull requests seen as issues (bodies,
// lists, the issue-list cache, search); and pushes to a head branch moving
// open pull requests with a `synchronize` event. The set-up opens the pull
// requests and issues these tests act on, in the order search lists them;
// the tests then run in order (search sees the renamed pull request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { startPullScenario, type PullScenario } from '../test-support/pull-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { actions } from '../test-support/webhook-outbox.js';

let scenario: PullScenario;
let server: TestServer;
let alice: TestUser; // owner
let carol: TestUser; // no rights (public repository)
let repoId: number;
let newEvents: PullScenario['newEvents'];
let call: PullScenario['call'];
let commitAndPush: PullScenario['commitAndPush'];

beforeAll(async () => {
  scenario = await startPullScenario();
  ({ server, alice, carol, repoId, newEvents, call, commitAndPush } = scenario);
  const post = (what: string, body: Record<string, unknown>, token = alice.token) =>
    apiOk(server, `/repos/alice/proj/${what}`, { method: 'POST', token, body });
  await post('pulls', { title: 'Add a', body: 'Please pull', head: 'feature', base: 'main' });
  await post('issues', { title: 'An issue' });
  await post('pulls', { title: 'Other', head: 'alice:other', base: 'main', draft: true });
  await post('pulls', { title: 'From carol', head: 'feature', base: 'develop' }, carol.token);
  const convert = await post('issues', { title: 'Convert me', body: 'text' });
  await commitAndPush('convert', 'c.txt', 'c\n', 'main');
  await post('pulls', { issue: convert.number, head: 'convert', base: 'main' });
  await post('issues', { title: 'Plain' });
  await newEvents();
});
afterAll(async () => {
  await scenario?.close();
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
