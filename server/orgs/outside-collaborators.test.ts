// Outside collaborators of an organization (issue 37): users with a direct
// grant on one of its repositories who are not members; owners remove one from
// every repository, or convert a member into one, who keeps what their teams gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let tess: TestUser;
let oscar: TestUser;

const call = (path: string, token: string | undefined, init: { method?: string; body?: unknown } = {}) =>
  apiCall(server, path, { token, ...init });
const logins = (body: { login: string }[]) => body.map((u) => u.login);
const LIST = { path: '/orgs/{org}/outside_collaborators', method: 'get' };

/** Owner grants `user` `permission` on acme/`repo`: members at once (204), others by an accepted invitation. */
async function collaborate(repo: string, user: TestUser, permission: string) {
  const invited = await call(`/repos/acme/${repo}/collaborators/${user.login}`, owner.token, {
    method: 'PUT',
    body: { permission },
  });
  if (invited.status === 204) return;
  expect(invited.status).toBe(201);
  const accepted = await call(`/user/repository_invitations/${invited.json.id}`, user.token, { method: 'PATCH' });
  expect(accepted.status).toBe(204);
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const scopes = ['repo', 'admin:org'];
  owner = await server.createUser('olga', { scopes });
  member = await server.createUser('mel', { scopes });
  tess = await server.createUser('tess', { scopes });
  oscar = await server.createUser('oscar', { scopes });
  const org = await server.createOrg('acme', owner.id);
  await server.services.accounts.addMember(org.id, member.id, 'member');
  await server.services.accounts.addMember(org.id, tess.id, 'member');
  // Members read nothing by default: only grants count.
  await call('/orgs/acme', owner.token, { method: 'PATCH', body: { default_repository_permission: 'none' } });
  for (const name of ['alpha', 'beta', 'gamma'])
    expect(
      (await call('/orgs/acme/repos', owner.token, { method: 'POST', body: { name, private: true } })).status,
    ).toBe(201);
  await call('/orgs/acme/teams', owner.token, { method: 'POST', body: { name: 'Core', privacy: 'closed' } });
  await call('/orgs/acme/teams/core/memberships/tess', owner.token, { method: 'PUT', body: { role: 'member' } });
  await call('/orgs/acme/teams/core/repos/acme/alpha', owner.token, { method: 'PUT', body: { permission: 'push' } });
  await call('/orgs/acme/teams/core/repos/acme/beta', owner.token, { method: 'PUT', body: { permission: 'pull' } });
  await collaborate('alpha', oscar, 'pull');
  await collaborate('beta', oscar, 'push');
  // A direct grant of a member: no outside collaborator; tess's own grant on beta stays higher than her team's.
  await collaborate('gamma', member, 'pull');
  await collaborate('beta', tess, 'maintain');
});
afterAll(() => server.close());

describe('outside collaborators', () => {
  it('lists users with grants who are not members, to members only', async () => {
    const list = await call('/orgs/acme/outside_collaborators', member.token);
    expect(list.status).toBe(200);
    expectBothSchemas(list.json, LIST, { operationId: 'orgs/list-outside-collaborators' });
    expect(logins(list.json)).toEqual(['oscar']);
    expect((await call('/orgs/acme/outside_collaborators?filter=2fa_disabled', member.token)).json).toEqual([]);
    expect((await call('/orgs/acme/outside_collaborators', oscar.token)).status).toBe(404);
    expect((await call('/orgs/nope/outside_collaborators', member.token)).status).toBe(404);
  });

  it('converts a member: no longer a member, keeps what their teams gave as direct grants', async () => {
    expect((await call('/orgs/acme/outside_collaborators/tess', member.token, { method: 'PUT' })).status).toBe(403);
    expect((await call('/orgs/acme/outside_collaborators/oscar', owner.token, { method: 'PUT' })).status).toBe(403);
    expect((await call('/orgs/acme/outside_collaborators/olga', owner.token, { method: 'PUT' })).status).toBe(403);
    expect((await call('/orgs/acme/outside_collaborators/nobody', owner.token, { method: 'PUT' })).status).toBe(404);
    const converted = await call('/orgs/acme/outside_collaborators/tess', owner.token, {
      method: 'PUT',
      body: { async: true },
    });
    expect(converted.status).toBe(202);
    expect(converted.json).toEqual({});
    expect((await call('/orgs/acme/members/tess', owner.token)).status).toBe(404);
    expect(logins((await call('/orgs/acme/outside_collaborators', owner.token)).json)).toEqual(['tess', 'oscar']);
    const permission = async (repo: string) =>
      (await call(`/repos/acme/${repo}/collaborators/tess/permission`, owner.token)).json.role_name;
    expect(await permission('alpha')).toBe('write');
    expect(await permission('beta')).toBe('maintain');
    expect((await call('/repos/acme/gamma', tess.token)).status).not.toBe(200);
    const pushable = await call('/repos/acme/alpha', tess.token);
    expect(pushable.json.permissions).toMatchObject({ push: true });
  });

  it('removes an outside collaborator from every repository; a member is 422', async () => {
    const refused = await call('/orgs/acme/outside_collaborators/mel', owner.token, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(refused.json)).toMatch(/organization member/);
    expect((await call('/orgs/acme/outside_collaborators/oscar', member.token, { method: 'DELETE' })).status).toBe(403);
    expect((await call('/orgs/acme/outside_collaborators/oscar', owner.token, { method: 'DELETE' })).status).toBe(204);
    expect(logins((await call('/orgs/acme/outside_collaborators', owner.token)).json)).toEqual(['tess']);
    for (const repo of ['alpha', 'beta']) expect((await call(`/repos/acme/${repo}`, oscar.token)).status).not.toBe(200);
    // Nothing left to remove: still 204, as GitHub answers.
    expect((await call('/orgs/acme/outside_collaborators/oscar', owner.token, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/orgs/acme/outside_collaborators/nobody', owner.token, { method: 'DELETE' })).status).toBe(404);
  });
});
