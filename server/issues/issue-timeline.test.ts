// GET …/issues/{n}/timeline over real HTTP: every event kind Wharf writes and
// the comments, merged in time order and paginated, checked against GitHub's
// timeline schema; and …/events against GitHub's `issue-event`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccess, type CallOptions } from '../test-support/api-call.js';
import { githubComponentErrors } from '../test-support/github-schema.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let path: string;

const call = (url: string, options: CallOptions = {}) => apiSuccess(server, url, options);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  for (const [name, priv] of [
    ['tracker', false],
    ['secret', true],
  ] as const) {
    await call('/user/repos', { method: 'POST', token: alice.token, body: { name, private: priv } });
  }
  const repo = await server.services.repos.find('alice', 'tracker');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo!.id}, ${bob.id}, 'write')`;
  const { json } = await call('/repos/alice/tracker/issues', {
    method: 'POST',
    token: alice.token,
    body: { title: 'First' },
  });
  path = `/repos/alice/tracker/issues/${json.number}`;
  // One step per request, so each happens after the one before.
  await call(`${path}/comments`, { method: 'POST', token: carol.token, body: { body: 'Seen it too' } });
  await call(path, {
    method: 'PATCH',
    token: bob.token,
    body: { title: 'Second', state: 'closed', state_reason: 'not_planned' },
  });
  await call(path, { method: 'PATCH', token: bob.token, body: { state: 'open' } });
  await call(`${path}/assignees`, { method: 'POST', token: alice.token, body: { assignees: ['bob'] } });
  await call(`${path}/assignees`, { method: 'DELETE', token: alice.token, body: { assignees: ['bob'] } });
  await call(`${path}/lock`, { method: 'PUT', token: alice.token, body: { lock_reason: 'resolved' } });
  await call(`${path}/lock`, { method: 'DELETE', token: alice.token });
  await call(`${path}/comments`, { method: 'POST', token: alice.token, body: { body: 'Done' } });
});
afterAll(() => server.close());

const ORDER = [
  'commented',
  'renamed',
  'closed',
  'reopened',
  'assigned',
  'unassigned',
  'locked',
  'unlocked',
  'commented',
];

describe('GET /repos/{owner}/{repo}/issues/{issue_number}/timeline', () => {
  it("merges events and comments in time order, in GitHub's timeline bodies", async () => {
    const { json, res } = await call(`${path}/timeline`);
    expect(json.map((e: { event: string }) => e.event)).toEqual(ORDER);
    expect(res.headers.get('link')).toBeNull();
    expect(json[0]).toMatchObject({
      body: 'Seen it too',
      actor: { login: 'carol' },
      user: { login: 'carol' },
      author_association: 'NONE',
    });
    expect(json[0].node_id).toMatch(/^IC_/);
    expect(json[1]).toMatchObject({ rename: { from: 'First', to: 'Second' }, actor: { login: 'bob' } });
    expect(json[2]).toMatchObject({ state_reason: 'not_planned' });
    expect(json[4]).toMatchObject({ assignee: { login: 'bob' }, assigner: { login: 'alice' } });
    expect(json[6]).toMatchObject({ lock_reason: 'resolved' });
    expect(json[8]).toMatchObject({ body: 'Done', author_association: 'OWNER' });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/timeline', method: 'get' },
      { operationId: 'issues/list-events-for-timeline' },
    );
    // Each item on its own too: an anyOf over the array would hide one that fits no branch.
    for (const item of json) expect(githubComponentErrors('timeline-issue-events', item), item.event).toBe('');
  });

  it('pages over both kinds with Link headers', async () => {
    const all = (await call(`${path}/timeline`)).json;
    const seen: unknown[] = [];
    for (let page = 1; page <= 5; page++) {
      const { json, res } = await call(`${path}/timeline?per_page=2&page=${page}`);
      seen.push(...json);
      const link = res.headers.get('link') ?? '';
      if (page < 5) expect(link).toContain('rel="next"');
      else expect(link).not.toContain('rel="next"');
      expect(link.includes('rel="last"')).toBe(page < 5);
    }
    expect(seen).toEqual(all);
    const past = await call(`${path}/timeline?per_page=2&page=9`);
    expect(past.json).toEqual([]);
    // Past the end: still a way back, to the last page there is.
    expect(past.res.headers.get('link')).toMatch(/[?&]page=5>; rel="prev"/);
  });

  it('is 404 for unknown issues and, to outsiders, private repositories (403 signed in)', async () => {
    expect((await server.api('/repos/alice/tracker/issues/9999/timeline')).status).toBe(404);
    const secret = await call('/repos/alice/secret/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Hidden' },
    });
    const hidden = `/repos/alice/secret/issues/${secret.json.number}/timeline`;
    expect((await server.api(hidden)).status).toBe(404);
    expect((await server.api(hidden, { token: carol.token })).status).toBe(403);
    expect((await call(hidden, { token: alice.token })).json).toEqual([]);
  });
});

describe('GET /repos/{owner}/{repo}/issues/{issue_number}/events', () => {
  it("gives every event kind Wharf writes as GitHub's issue-event", async () => {
    const { json } = await call(`${path}/events`);
    expect(json.map((e: { event: string }) => e.event)).toEqual(ORDER.filter((e) => e !== 'commented'));
    expect(githubComponentErrors('issue-event[]', json)).toBe('');
  });
});
