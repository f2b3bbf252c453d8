// The issue-label operations over real HTTP: adding (creating labels no label
// has), listing, setting and removing labels on an issue, GitHub's bodies
// (checked against GitHub's schemas), the timeline they write, 422s and
// permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssueBoardScenario, type IssueBoardScenario } from '../test-support/issue-board-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let tina: TestUser; // triage collaborator
let rita: TestUser; // read collaborator
let carol: TestUser; // no rights
let call: IssueBoardScenario['call'];

beforeAll(async () => {
  ({ server, tina, rita, carol, call } = await startIssueBoardScenario());
});
afterAll(() => server.close());

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
