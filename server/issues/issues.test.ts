// Issues over real HTTP: GitHub's bodies (checked against GitHub's own
// schemas), numbering under concurrency, updates and their timeline events,
// filters, permissions and visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser; // owner
let bob: TestUser; // write collaborator
let carol: TestUser; // no rights

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  for (const [name, priv] of [
    ['tracker', false],
    ['secret', true],
    ['numbers', false],
  ] as const) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: priv } })).status,
    ).toBe(201);
  }
  const repo = await server.services.repos.find('alice', 'tracker');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo!.id}, ${bob.id}, 'write')`;
});
afterAll(() => server.close());

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);

const create = (body: Record<string, unknown>, token = alice.token, repo = 'tracker') =>
  call(`/repos/alice/${repo}/issues`, { method: 'POST', token, body });

describe('POST /repos/{owner}/{repo}/issues', () => {
  it("opens an issue with GitHub's body, a Location, and the next number", async () => {
    const { res, status, json } = await create({ title: 'Found a bug', body: 'It breaks', assignees: ['bob'] });
    expect(status).toBe(201);
    const url = `${server.url}/api/v3/repos/alice/tracker/issues/${json.number}`;
    expect(res.headers.get('location')).toBe(url);
    expect(json).toMatchObject({
      url,
      html_url: `${server.url}/alice/tracker/issues/${json.number}`,
      title: 'Found a bug',
      body: 'It breaks',
      state: 'open',
      state_reason: null,
      locked: false,
      active_lock_reason: null,
      comments: 0,
      labels: [],
      milestone: null,
      closed_at: null,
      closed_by: null,
      author_association: 'OWNER',
      user: { login: 'alice' },
      assignee: { login: 'bob' },
      assignees: [{ login: 'bob' }],
      reactions: { total_count: 0, '+1': 0 },
      timeline_url: `${url}/timeline`,
    });
    expect(json.node_id).toMatch(/^I_/);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/issues', method: 'post', status: 201 },
      { operationId: 'issues/create' },
    );
  });

  it('lets anyone who can read open one, dropping assignees they may not set (as GitHub)', async () => {
    const { status, json } = await create({ title: 'From outside', assignees: ['bob'] }, carol.token);
    expect(status).toBe(201);
    expect(json).toMatchObject({ user: { login: 'carol' }, assignees: [], author_association: 'NONE' });
  });

  it('refuses assignees without push access, blank titles and milestones the repository does not have', async () => {
    const bad = await create({ title: 'x', assignees: ['carol'] });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ resource: 'Issue', field: 'assignees', code: 'invalid' }]);
    expect((await create({ title: '  ' })).status).toBe(422);
    const noMilestone = await create({ title: 'x', milestone: 99 });
    expect(noMilestone.status).toBe(422);
    expect(noMilestone.json.errors).toEqual([{ value: 99, resource: 'Issue', field: 'milestone', code: 'invalid' }]);
    expect((await create({ title: 'x', labels: ['.'] })).status).toBe(422);
    expect((await create({ title: 'x', labels: [], milestone: null })).status).toBe(201);
    expect((await create({})).status).toBe(422);
  });

  it('is 401 anonymously, 404 for a private repository to outsiders (403 signed in), as the visibility rules say', async () => {
    expect((await create({ title: 'x' }, '')).status).toBe(401);
    expect((await create({ title: 'x' }, carol.token, 'secret')).status).toBe(403);
    expect((await call('/repos/alice/secret/issues')).status).toBe(404);
    expect((await call('/repos/alice/secret/issues/1')).status).toBe(404);
  });

  it('gives concurrent creates distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create({ title: `n${i}` }, alice.token, 'numbers')),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(results.map((r) => r.json.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});

describe('GET and PATCH /repos/{owner}/{repo}/issues/{issue_number}', () => {
  it('reads the same issue at the root and under /api/v3, and 404s unknown numbers', async () => {
    const { json } = await create({ title: 'Readable' });
    for (const prefix of ['', '/api/v3']) {
      const got = await call(`${prefix}/repos/alice/tracker/issues/${json.number}`);
      expect(got.status).toBe(200);
      expect(got.json).toEqual(json);
      expectBothSchemas(
        got.json,
        { path: '/repos/{owner}/{repo}/issues/{issue_number}', method: 'get' },
        { operationId: 'issues/get' },
      );
    }
    expect((await call('/repos/alice/tracker/issues/999999')).status).toBe(404);
    expect((await call('/repos/alice/tracker/issues/99999999999')).status).toBe(404);
  });

  it('closes with a reason, reopens, renames, and writes the timeline in order', async () => {
    const { json } = await create({ title: 'Old title' });
    const path = `/repos/alice/tracker/issues/${json.number}`;
    const closed = await call(path, {
      method: 'PATCH',
      token: bob.token,
      body: { state: 'closed', state_reason: 'not_planned', title: 'New title' },
    });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({
      state: 'closed',
      state_reason: 'not_planned',
      title: 'New title',
      closed_by: { login: 'bob' },
    });
    expect(closed.json.closed_at).toMatch(/Z$/);
    expectBothSchemas(
      closed.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}', method: 'patch' },
      { operationId: 'issues/update' },
    );
    const reopened = await call(path, { method: 'PATCH', token: bob.token, body: { state_reason: 'reopened' } });
    expect(reopened.json).toMatchObject({ state: 'open', state_reason: 'reopened', closed_at: null, closed_by: null });
    const events = await call(`${path}/events`);
    expect(events.status).toBe(200);
    expect(events.json.map((e: { event: string }) => e.event)).toEqual(['renamed', 'closed', 'reopened']);
    expect(events.json[0]).toMatchObject({ rename: { from: 'Old title', to: 'New title' }, actor: { login: 'bob' } });
    expect(events.json[1].node_id).toMatch(/^CE_/);
    expectBothSchemas(
      events.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' },
      { operationId: 'issues/list-events' },
    );
  });

  it('lets authors edit and close their own issue, and nobody else without triage', async () => {
    const { json } = await create({ title: "Carol's" }, carol.token);
    const path = `/repos/alice/tracker/issues/${json.number}`;
    expect((await call(path, { method: 'PATCH', token: carol.token, body: { state: 'closed' } })).json.state).toBe(
      'closed',
    );
    const mine = await create({ title: "Alice's" });
    const denied = await call(`/repos/alice/tracker/issues/${mine.json.number}`, {
      method: 'PATCH',
      token: carol.token,
      body: { state: 'closed' },
    });
    expect(denied.status).toBe(403);
    // Assignees from an author without triage are ignored, not refused.
    const ignored = await call(path, { method: 'PATCH', token: carol.token, body: { assignees: ['bob'] } });
    expect(ignored.json.assignees).toEqual([]);
  });

  it('rejects an invalid state and a malformed body', async () => {
    const { json } = await create({ title: 'Valid' });
    const path = `/repos/alice/tracker/issues/${json.number}`;
    expect((await call(path, { method: 'PATCH', token: alice.token, body: { state: 'gone' } })).status).toBe(422);
    const res = await server.api(path, { method: 'PATCH', token: alice.token, rawBody: '{"title":' });
    expect(res.status).toBe(400);
  });
});

describe('lock and unlock', () => {
  it("locks with a reason, refuses outsiders' comments while locked, and unlocks", async () => {
    const { json } = await create({ title: 'Heated' });
    const path = `/repos/alice/tracker/issues/${json.number}`;
    expect(
      (await call(`${path}/lock`, { method: 'PUT', token: carol.token, body: { lock_reason: 'too heated' } })).status,
    ).toBe(403);
    expect(
      (await call(`${path}/lock`, { method: 'PUT', token: bob.token, body: { lock_reason: 'too heated' } })).status,
    ).toBe(204);
    expect((await call(path)).json).toMatchObject({ locked: true, active_lock_reason: 'too heated' });
    const refused = await call(`${path}/comments`, { method: 'POST', token: carol.token, body: { body: 'calm down' } });
    expect(refused.status).toBe(403);
    expect(
      (await call(`${path}/comments`, { method: 'POST', token: bob.token, body: { body: 'locked' } })).status,
    ).toBe(201);
    expect(
      (await call(`${path}/lock`, { method: 'PUT', token: bob.token, body: { lock_reason: 'bogus' } })).status,
    ).toBe(422);
    expect((await call(`${path}/lock`, { method: 'DELETE', token: bob.token })).status).toBe(204);
    expect((await call(path)).json).toMatchObject({ locked: false, active_lock_reason: null });
    const events = (await call(`${path}/events`)).json;
    expect(events.map((e: { event: string }) => e.event)).toEqual(['locked', 'unlocked']);
    expect(events[0].lock_reason).toBe('too heated');
    expectBothSchemas(
      events,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' },
      { operationId: 'issues/list-events' },
    );
  });
});

describe('assignees', () => {
  it('adds, removes, lists and checks assignees', async () => {
    const { json } = await create({ title: 'Assign me' });
    const path = `/repos/alice/tracker/issues/${json.number}/assignees`;
    const added = await call(path, { method: 'POST', token: alice.token, body: { assignees: ['bob', 'alice'] } });
    expect(added.status).toBe(201);
    expect(added.json.assignees.map((a: { login: string }) => a.login)).toEqual(['bob', 'alice']);
    expectBothSchemas(
      added.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/assignees', method: 'post', status: 201 },
      { operationId: 'issues/add-assignees' },
    );
    const invalid = await call(path, { method: 'POST', token: alice.token, body: { assignees: ['carol'] } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toEqual([{ resource: 'Issue', field: 'assignees', code: 'invalid' }]);
    expect((await call(path, { method: 'POST', token: carol.token, body: { assignees: ['bob'] } })).status).toBe(403);
    const removed = await call(path, { method: 'DELETE', token: alice.token, body: { assignees: ['bob', 'nobody'] } });
    expect(removed.status).toBe(200);
    expect(removed.json.assignees.map((a: { login: string }) => a.login)).toEqual(['alice']);
    const events = (await call(`/repos/alice/tracker/issues/${json.number}/events`)).json;
    expect(events.map((e: { event: string; assignee: { login: string } }) => `${e.event}:${e.assignee.login}`)).toEqual(
      ['assigned:bob', 'assigned:alice', 'unassigned:bob'],
    );
    expectBothSchemas(
      events,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' },
      { operationId: 'issues/list-events' },
    );

    const list = await call('/repos/alice/tracker/assignees');
    expect(list.json.map((u: { login: string }) => u.login)).toEqual(['alice', 'bob']);
    expectBothSchemas(
      list.json,
      { path: '/repos/{owner}/{repo}/assignees', method: 'get' },
      { operationId: 'issues/list-assignees' },
    );
    expect((await call('/repos/alice/tracker/assignees/BOB')).status).toBe(204);
    expect((await call('/repos/alice/tracker/assignees/carol')).status).toBe(404);
    expect((await call('/repos/alice/tracker/assignees/nobody')).status).toBe(404);
  });
});
