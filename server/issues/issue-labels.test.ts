// Labels and milestones on issues over real HTTP: the issue-label operations,
// `labels`/`milestone` in issues/create and issues/update, GitHub's bodies
// (checked against GitHub's schemas), the timeline, milestone counts, 422s
// and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser; // owner
let tina: TestUser; // triage collaborator
let rita: TestUser; // read collaborator
let carol: TestUser; // no rights

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  tina = await server.createUser('tina');
  rita = await server.createUser('rita');
  carol = await server.createUser('carol');
  for (const [name, priv] of [
    ['board', false],
    ['hidden', true],
  ] as const) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: priv } })).status,
    ).toBe(201);
  }
  const repo = await server.services.repos.find('alice', 'board');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo!.id}, ${tina.id}, 'triage'), (${repo!.id}, ${rita.id}, 'read')`;
  // `bug` is one of the labels every new repository gets.
  await call('/repos/alice/board/milestones', { method: 'POST', body: { title: 'v1' } });
  await call('/repos/alice/board/milestones', { method: 'POST', body: { title: 'v2' } });
});
afterAll(() => server.close());

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, { token: alice.token, ...options });

const names = (labels: { name: string }[]) => labels.map((label) => label.name);
const issuePath = (number: number) => `/repos/alice/board/issues/${number}`;
const LABELS = '/repos/{owner}/{repo}/issues/{issue_number}/labels';

describe('issue labels', () => {
  it('adds (names or {labels}), creating labels no label has, lists, sets, removes one and all', async () => {
    const { json: issue } = await call('/repos/alice/board/issues', { method: 'POST', body: { title: 'Labelled' } });
    const path = `${issuePath(issue.number)}/labels`;
    const added = await call(path, { method: 'POST', token: tina.token, body: { labels: ['BUG', 'needs-triage'] } });
    expect(added.status).toBe(200);
    // `BUG` finds `bug` (any case); `needs-triage` is created with GitHub's default color.
    expect(added.json).toMatchObject([
      { name: 'bug', color: 'd73a4a', default: true },
      { name: 'needs-triage', color: 'ededed', default: false },
    ]);
    expectBothSchemas(added.json, { path: LABELS, method: 'post' }, { operationId: 'issues/add-labels' });
    expect((await call('/repos/alice/board/labels/needs-triage')).status).toBe(200);

    const again = await call(path, { method: 'POST', token: tina.token, body: [{ name: 'bug' }, 'docs'] });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(names(again.json)).toEqual(['bug', 'docs', 'needs-triage']);
    const listed = await call(`${path}?per_page=2`);
    expect(names(listed.json)).toEqual(['bug', 'docs']);
    expect(listed.res.headers.get('link')).toContain('page=2');
    expectBothSchemas(listed.json, { path: LABELS, method: 'get' }, { operationId: 'issues/list-labels-on-issue' });

    const set = await call(path, { method: 'PUT', token: tina.token, body: { labels: ['docs', 'later'] } });
    expect(names(set.json)).toEqual(['docs', 'later']);
    expectBothSchemas(set.json, { path: LABELS, method: 'put' }, { operationId: 'issues/set-labels' });

    const removed = await call(`${path}/DOCS`, { method: 'DELETE', token: tina.token });
    expect(removed.status).toBe(200);
    expect(names(removed.json)).toEqual(['later']);
    expectBothSchemas(
      removed.json,
      { path: `${LABELS}/{name}`, method: 'delete' },
      { operationId: 'issues/remove-label' },
    );
    const notOn = await call(`${path}/bug`, { method: 'DELETE', token: tina.token });
    expect(notOn.status).toBe(404);
    expect(notOn.json.message).toBe('Label does not exist');

    expect((await call(path, { method: 'DELETE', token: tina.token })).status).toBe(204);
    expect((await call(path)).json).toEqual([]);

    const events = await call(`${issuePath(issue.number)}/events`);
    expect(events.json.map((e: { event: string; label: { name: string } }) => `${e.event}:${e.label.name}`)).toEqual([
      'labeled:bug',
      'labeled:needs-triage',
      'labeled:docs',
      'unlabeled:bug',
      'unlabeled:needs-triage',
      'labeled:later',
      'unlabeled:docs',
      'unlabeled:later',
    ]);
    expect(events.json[0]).toMatchObject({ label: { name: 'bug', color: 'd73a4a' }, actor: { login: 'tina' } });
    expect(events.json[0].node_id).toMatch(/^LE_/);
    expect(events.json[3].node_id).toMatch(/^ULE_/);
    expectBothSchemas(
      events.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' },
      { operationId: 'issues/list-events' },
    );
  });

  it('needs triage to change labels (403 for read access and, signed in, on a private repository), reads for anyone who can read', async () => {
    const { json: issue } = await call('/repos/alice/board/issues', {
      method: 'POST',
      body: { title: 'Guarded', labels: ['bug'] },
    });
    const path = `${issuePath(issue.number)}/labels`;
    for (const token of [rita.token, carol.token]) {
      expect((await call(path, { method: 'POST', token, body: { labels: ['x'] } })).status).toBe(403);
      expect((await call(path, { method: 'PUT', token, body: { labels: [] } })).status).toBe(403);
      expect((await call(`${path}/bug`, { method: 'DELETE', token })).status).toBe(403);
      expect((await call(path, { method: 'DELETE', token })).status).toBe(403);
      expect(names((await call(path, { token })).json)).toEqual(['bug']);
    }
    expect((await call(path, { method: 'POST', token: '', body: { labels: ['x'] } })).status).toBe(401);
    expect(
      (
        await call(`/repos/alice/board/issues/999999/labels`, {
          method: 'POST',
          token: tina.token,
          body: { labels: ['x'] },
        })
      ).status,
    ).toBe(404);
    const { json: secret } = await call('/repos/alice/hidden/issues', { method: 'POST', body: { title: 'Secret' } });
    // The visibility rules: a private repository is 403 to signed-in outsiders, 404 anonymously.
    expect(
      (
        await call(`/repos/alice/hidden/issues/${secret.number}/labels`, {
          method: 'POST',
          token: carol.token,
          body: { labels: ['x'] },
        })
      ).status,
    ).toBe(403);
    expect((await call(`/repos/alice/hidden/issues/${secret.number}/labels`, { token: '' })).status).toBe(404);
    expect((await call(path, { method: 'POST', token: tina.token, body: { labels: ['..'] } })).status).toBe(422);
    // Nothing was created by the refused calls.
    expect((await call('/repos/alice/board/labels/x')).status).toBe(404);
  });
});

describe('labels and milestone in issues/create and issues/update', () => {
  it('shows the label and milestone objects, keeps milestone counts, and writes the timeline', async () => {
    const created = await call('/repos/alice/board/issues', {
      method: 'POST',
      token: tina.token,
      body: { title: 'Planned', labels: ['bug', { name: 'feature' }], milestone: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      labels: [{ name: 'bug' }, { name: 'feature' }],
      milestone: { number: 1, title: 'v1', open_issues: 1, closed_issues: 0 },
    });
    expect(created.json.milestone.node_id).toMatch(/^MI_/);
    expectBothSchemas(
      created.json,
      { path: '/repos/{owner}/{repo}/issues', method: 'post', status: 201 },
      { operationId: 'issues/create' },
    );
    const path = issuePath(created.json.number);

    const closed = await call(path, {
      method: 'PATCH',
      token: tina.token,
      body: { state: 'closed', milestone: '2', labels: ['feature'] },
    });
    expect(closed.json).toMatchObject({ labels: [{ name: 'feature' }], milestone: { number: 2, closed_issues: 1 } });
    expectBothSchemas(
      closed.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}', method: 'patch' },
      { operationId: 'issues/update' },
    );
    const v1 = await call('/repos/alice/board/milestones/1');
    expect(v1.json).toMatchObject({ open_issues: expect.any(Number), closed_issues: 0 });
    const v2 = await call('/repos/alice/board/milestones/2');
    expect(v2.json).toMatchObject({ closed_issues: 1 });
    const reopened = await call(path, { method: 'PATCH', body: { state: 'open' } });
    expect(reopened.json.milestone).toMatchObject({ open_issues: v2.json.open_issues + 1, closed_issues: 0 });

    const cleared = await call(path, { method: 'PATCH', body: { milestone: null, labels: [] } });
    expect(cleared.json).toMatchObject({ labels: [], milestone: null });
    const events = (await call(`${path}/events`)).json;
    expect(events.map((e: { event: string }) => e.event)).toEqual([
      'labeled',
      'labeled',
      'milestoned',
      'unlabeled',
      'demilestoned',
      'milestoned',
      'closed',
      'reopened',
      'unlabeled',
      'demilestoned',
    ]);
    expect(events[2]).toMatchObject({ milestone: { title: 'v1' } });
    expect(events[4]).toMatchObject({ milestone: { title: 'v1' } });
    expect(events[5]).toMatchObject({ milestone: { title: 'v2' } });
    expect(events[2].node_id).toMatch(/^MIE_/);
    expect(events[4].node_id).toMatch(/^DME_/);
    expectBothSchemas(
      events,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' },
      { operationId: 'issues/list-events' },
    );
  });

  it('drops labels and milestone from callers without triage, as GitHub does, and refuses unknown milestones', async () => {
    const created = await call('/repos/alice/board/issues', {
      method: 'POST',
      token: carol.token,
      body: { title: 'Outsider', labels: ['bug'], milestone: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ labels: [], milestone: null });
    const own = await call(issuePath(created.json.number), {
      method: 'PATCH',
      token: carol.token,
      body: { title: 'Outsider 2', labels: ['bug'], milestone: 1 },
    });
    expect(own.json).toMatchObject({ title: 'Outsider 2', labels: [], milestone: null });
    for (const milestone of [999, '999', 0]) {
      const bad = await call(issuePath(created.json.number), { method: 'PATCH', body: { milestone } });
      expect(bad.status).toBe(422);
    }
    const bad = await call(issuePath(created.json.number), { method: 'PATCH', body: { milestone: '999' } });
    expect(bad.json.errors).toEqual([{ value: '999', resource: 'Issue', field: 'milestone', code: 'invalid' }]);
    // A refused update changes nothing, labels included.
    const failed = await call(issuePath(created.json.number), {
      method: 'PATCH',
      body: { labels: ['never-made'], milestone: 999 },
    });
    expect(failed.status).toBe(422);
    expect((await call('/repos/alice/board/labels/never-made')).status).toBe(404);
  });

  it("lists the labels of a milestone's issues once each; deleting a milestone or label unlinks it", async () => {
    const m = await call('/repos/alice/board/milestones', { method: 'POST', body: { title: 'v3' } });
    for (const labels of [
      ['bug', 'ui'],
      ['ui', 'api'],
    ]) {
      await call('/repos/alice/board/issues', {
        method: 'POST',
        body: { title: 'In v3', labels, milestone: m.json.number },
      });
    }
    const listed = await call(`/repos/alice/board/milestones/${m.json.number}/labels`);
    expect(names(listed.json)).toEqual(['api', 'bug', 'ui']);
    expectBothSchemas(
      listed.json,
      { path: '/repos/{owner}/{repo}/milestones/{milestone_number}/labels', method: 'get' },
      { operationId: 'issues/list-labels-for-milestone' },
    );
    expect((await call('/repos/alice/board/milestones/999/labels')).status).toBe(404);

    const { json: issue } = await call('/repos/alice/board/issues', {
      method: 'POST',
      body: { title: 'Orphaned', labels: ['ui'], milestone: m.json.number },
    });
    expect((await call('/repos/alice/board/labels/ui', { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/repos/alice/board/milestones/${m.json.number}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(issuePath(issue.number))).json).toMatchObject({ labels: [], milestone: null });
  });
});

describe('issue list filters on labels and milestone', () => {
  it('labels: all must match (any case); milestone: number, * and none', async () => {
    await call('/repos/alice/filtered', { method: 'DELETE' });
    expect((await call('/user/repos', { method: 'POST', body: { name: 'filtered' } })).status).toBe(201);
    await call('/repos/alice/filtered/milestones', { method: 'POST', body: { title: 'm1' } });
    const open = async (title: string, body: Record<string, unknown>) =>
      expect((await call('/repos/alice/filtered/issues', { method: 'POST', body: { title, ...body } })).status).toBe(
        201,
      );
    await open('A', { labels: ['bug', 'ui'], milestone: 1 });
    await open('B', { labels: ['bug'] });
    await open('C', { milestone: '1' });
    await open('D', {});
    const titles = async (query: string) => {
      const res = await call(`/repos/alice/filtered/issues?${query}&direction=asc`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.map((issue: { title: string }) => issue.title).join('');
    };
    expect(await titles('labels=bug')).toBe('AB');
    expect(await titles('labels=BUG,ui')).toBe('A');
    expect(await titles('labels=bug,,%20ui%20')).toBe('A');
    expect(await titles('labels=nope')).toBe('');
    expect(await titles('milestone=1')).toBe('AC');
    expect(await titles('milestone=*')).toBe('AC');
    expect(await titles('milestone=none')).toBe('BD');
    expect(await titles('milestone=7')).toBe('');
    expect(await titles('milestone=9999999999')).toBe('');
    expect(await titles('labels=bug&milestone=none')).toBe('B');
    expect((await call('/repos/alice/filtered/issues?milestone=first')).status).toBe(422);
    // Across repositories: the caller's own issues (filter=created), by label.
    const mine = await call('/user/issues?filter=created&state=all&labels=ui');
    expect(mine.json.map((issue: { title: string }) => issue.title)).toEqual(['A']);
  });
});
