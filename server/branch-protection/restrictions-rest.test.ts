// Push restrictions through GitHub's 14 REST operations (…/restrictions and
// its users, teams and apps lists): add/set/remove answer the kind's whole
// list, names resolve to the organization's teams and the apps installed with
// `contents: write`, every body validates against our contract and
// @octokit/openapi, each change is one `branch_protection_rule.edited`, and
// bad input is 404/422, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { grant } from '../test-support/grant.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader } from '../test-support/webhook-outbox.js';
import { createTeam } from '../teams/team-service.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let dave: TestUser;
let read: ReturnType<typeof outboxReader>;

const BASE = '/repos/acme/kept/branches/main/protection';
const OURS = '/repos/{owner}/{repo}/branches/{branch}/protection/restrictions';
const PROTECTION = {
  required_status_checks: null,
  enforce_admins: false,
  required_pull_request_reviews: null,
  restrictions: { users: [], teams: [] },
};

async function call(path: string, method = 'GET', body?: unknown, token = alice.token) {
  const response = await server.api(`${BASE}${path}`, { method, token, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const KIND_OPS = {
  users: { get: 'get-users-with-access-to-protected-branch', one: 'user' },
  teams: { get: 'get-teams-with-access-to-protected-branch', one: 'team' },
  apps: { get: 'get-apps-with-access-to-protected-branch', one: 'app' },
} as const;
const VERBS = { GET: 'get', POST: 'add', PUT: 'set', DELETE: 'remove' } as const;

/** One kind's operation, its answer checked against both descriptions. */
async function kindCall(kind: keyof typeof KIND_OPS, method: keyof typeof VERBS, body?: unknown) {
  const answer = await call(`/restrictions/${kind}`, method, body);
  if (answer.status === 200) {
    const op = method === 'GET' ? KIND_OPS[kind].get : `${VERBS[method]}-${KIND_OPS[kind].one}-access-restrictions`;
    expectBothSchemas(
      answer.body,
      { path: `${OURS}/${kind}`, method: method.toLowerCase() },
      { operationId: `repos/${op}` },
    );
  }
  return answer;
}

const names = (list: { login?: string; slug?: string }[]) => list.map((item) => item.login ?? item.slug);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  const org = await server.createOrg('acme', alice.id);
  const created = await server.api('/orgs/acme/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'kept', auto_init: true },
  });
  const repo = (await created.json()) as { id: number };
  await grant(server, repo.id, carol.id, 'write');
  await grant(server, repo.id, dave.id, 'write');
  const deps = { sql: server.sql, bus: server.services.bus };
  const parent = await createTeam(deps, org.id, { name: 'Pushers', privacy: 'closed' }, null);
  await createTeam(deps, org.id, { name: 'Sub', parent_team_id: parent.id }, null);
  const deploy = await createTestApp(server, alice.id, 'Deploy Bot', { contents: 'write' });
  await installTestApp(server, deploy.app, org.id);
  // GitHub's branch-restriction-policy (its copy of `integration`) wants a description string.
  await server.sql`UPDATE apps SET description = 'Deploys main' WHERE id = ${deploy.app.id}`;
  const reader = await createTestApp(server, alice.id, 'Read Only', { contents: 'read' });
  await installTestApp(server, reader.app, org.id);
  await server.api('/repos/acme/kept/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['branch_protection_rule'] },
  });
  read = outboxReader(server, { repositoryIds: [repo.id] });
  expect((await call('', 'PUT', PROTECTION)).status).toBe(200);
  await read();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the restriction lists', () => {
  it('add, set and remove users (object or bare array), each answering the whole list with one edited event', async () => {
    expect(await kindCall('users', 'GET')).toEqual({ status: 200, body: [] });
    expect(names((await kindCall('users', 'POST', { users: ['carol'] })).body)).toEqual(['carol']);
    expect(names((await kindCall('users', 'POST', ['Dave', 'carol'])).body)).toEqual(['carol', 'dave']);
    expect(names((await kindCall('users', 'PUT', { users: ['dave'] })).body)).toEqual(['dave']);
    expect(names((await kindCall('users', 'DELETE', ['dave', 'carol'])).body)).toEqual([]);
    const events = await read();
    expect(events.map((e) => `${e.event}.${e.action}`)).toEqual(Array(4).fill('branch_protection_rule.edited'));
    expect(events[1]!.payload.rule.authorized_actor_names).toEqual(['carol', 'dave']);
    expect(events[1]!.payload.changes.authorized_actor_names).toEqual({ from: ['carol'] });
  });

  it('resolve teams by slug and installed apps by slug, in every view', async () => {
    expect(names((await kindCall('teams', 'POST', { teams: ['pushers'] })).body)).toEqual(['pushers']);
    expect(names((await kindCall('teams', 'PUT', ['SUB', 'pushers'])).body)).toEqual(['sub', 'pushers']);
    expect((await kindCall('teams', 'GET')).body[0].parent).toMatchObject({ slug: 'pushers' });
    expect(names((await kindCall('apps', 'POST', { apps: ['deploy-bot'] })).body)).toEqual(['deploy-bot']);
    await kindCall('users', 'POST', { users: ['carol'] });

    const policy = await call('/restrictions');
    expectBothSchemas(policy.body, { path: OURS, method: 'get' }, { operationId: 'repos/get-access-restrictions' });
    expect(names(policy.body.users)).toEqual(['carol']);
    expect(names(policy.body.apps)).toEqual(['deploy-bot']);
    const rule = await call('');
    expectBothSchemas(
      rule.body,
      { path: '/repos/{owner}/{repo}/branches/{branch}/protection', method: 'get' },
      { operationId: 'repos/get-branch-protection' },
    );
    expect(names(rule.body.restrictions.teams)).toEqual(['sub', 'pushers']);
    const last = (await read()).at(-1)!;
    expect(last.payload.rule.authorized_actor_names).toEqual(['carol', 'pushers', 'sub', 'deploy-bot']);

    expect(names((await kindCall('teams', 'DELETE', { teams: ['sub'] })).body)).toEqual(['pushers']);
    expect(names((await kindCall('apps', 'DELETE', { apps: ['deploy-bot'] })).body)).toEqual([]);
  });

  it('refuse unknown names, missing lists and too many actors with 422, and leave the rule as it was', async () => {
    await read();
    const before = await call('/restrictions');
    const unknownUser = await kindCall('users', 'POST', { users: ['nobody-here'] });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.errors[0]).toMatchObject({ field: 'restrictions.users', code: 'invalid' });
    expect((await kindCall('teams', 'POST', { teams: ['no-team'] })).status).toBe(422);
    // An app without `contents: write` on the repository cannot be given push access (GitHub).
    expect((await kindCall('apps', 'PUT', { apps: ['read-only'] })).status).toBe(422);
    expect((await kindCall('users', 'POST', { users: ['a\u0000b'] })).status).toBe(422);
    expect((await kindCall('users', 'POST', {})).status).toBe(422);
    expect((await kindCall('users', 'PUT')).status).toBe(422);
    expect((await kindCall('teams', 'POST', { teams: [1] })).status).toBe(422);
    const many = await kindCall('users', 'PUT', { users: Array.from({ length: 101 }, (_, i) => `u${i}`) });
    expect(many.status).toBe(422);
    expect(many.body.message).toContain('limited to 100 items');
    expect((await call('/restrictions')).body).toEqual(before.body);
    expect(await read()).toEqual([]);
  });

  it('answer 404 where nothing is protected or restricted, and turn restrictions off', async () => {
    const missing = await server.api('/repos/acme/kept/branches/nowhere/protection/restrictions', {
      token: alice.token,
    });
    expect(missing.status).toBe(404);
    expect((await call('/restrictions', 'DELETE')).status).toBe(204);
    expect((await read()).map((e) => e.payload.changes?.authorized_actors_only)).toEqual([{ from: true }]);
    for (const path of ['/restrictions', '/restrictions/users', '/restrictions/teams', '/restrictions/apps']) {
      const off = await call(path);
      expect(off.status).toBe(404);
      expect(off.body.message).toBe('Push restrictions not enabled');
    }
    expect((await kindCall('users', 'POST', ['carol'])).status).toBe(404);
    // Turning off what is off: 204 again, and no event.
    expect((await call('/restrictions', 'DELETE')).status).toBe(204);
    expect(await read()).toEqual([]);
    const writer = await call('/restrictions', 'GET', undefined, carol.token);
    expect([403, 404]).toContain(writer.status);
  });

  it('accept teams and apps in the whole body: restrictions, dismissal restrictions and bypass allowances', async () => {
    const actors = { users: ['carol'], teams: ['pushers'], apps: ['deploy-bot'] };
    const put = await call('', 'PUT', {
      ...PROTECTION,
      required_pull_request_reviews: {
        required_approving_review_count: 1,
        dismissal_restrictions: actors,
        bypass_pull_request_allowances: actors,
      },
      restrictions: actors,
    });
    expect(put.status).toBe(200);
    expectBothSchemas(
      put.body,
      { path: '/repos/{owner}/{repo}/branches/{branch}/protection', method: 'put' },
      { operationId: 'repos/update-branch-protection' },
    );
    const reviews = put.body.required_pull_request_reviews;
    for (const lists of [reviews.dismissal_restrictions, reviews.bypass_pull_request_allowances, put.body.restrictions])
      expect([names(lists.users), names(lists.teams), names(lists.apps)]).toEqual([
        ['carol'],
        ['pushers'],
        ['deploy-bot'],
      ]);
    const bad = await call('/required_pull_request_reviews', 'PATCH', {
      bypass_pull_request_allowances: { teams: ['x'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('bypass_pull_request_allowances.teams');
  });

  it('refuse users and teams on a personal repository, and accept its apps', async () => {
    await server.createRepo(carol.token, { name: 'own', auto_init: true });
    const put = (restrictions: unknown) =>
      server.api('/repos/carol/own/branches/main/protection', {
        method: 'PUT',
        token: carol.token,
        body: { ...PROTECTION, restrictions },
      });
    expect((await put({ users: [], teams: ['pushers'] })).status).toBe(422);
    expect((await put({ users: [], teams: [] })).status).toBe(200);
    const add = await server.api('/repos/carol/own/branches/main/protection/restrictions/users', {
      method: 'POST',
      token: carol.token,
      body: ['carol'],
    });
    expect(add.status).toBe(422);
    const app = await createTestApp(server, carol.id, 'Carol Bot', { contents: 'write' });
    await installTestApp(server, app.app, carol.id);
    const apps = await server.api('/repos/carol/own/branches/main/protection/restrictions/apps', {
      method: 'POST',
      token: carol.token,
      body: { apps: ['carol-bot'] },
    });
    expect(apps.status).toBe(200);
    expect(names((await apps.json()) as { slug: string }[])).toEqual(['carol-bot']);
  });
});
