// Labels and milestones as fields of issues over real HTTP: `labels` and
// `milestone` in issues/create and issues/update (GitHub's bodies, checked
// against GitHub's schemas; milestone counts; the timeline; dropped for
// callers without triage; unknown milestones refused), a milestone's labels,
// and the issue list filters on labels and milestone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssueBoardScenario, type IssueBoardScenario } from '../test-support/issue-board-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let tina: TestUser; // triage collaborator
let carol: TestUser; // no rights
let call: IssueBoardScenario['call'];

beforeAll(async () => {
  ({ server, tina, carol, call } = await startIssueBoardScenario());
});
afterAll(() => server.close());

const names = (labels: { name: string }[]) => labels.map((label) => label.name);
const issuePath = (number: number) => `/repos/alice/board/issues/${number}`;

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
