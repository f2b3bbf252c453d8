// PATCH /orgs/{org} and the enforcement of its settings, and the lists of
// organizations and of an account's repositories (issue 37).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

const json = async (path: string, token?: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await server.api(path, { token, ...init });
  return { status: res.status, body: res.status === 204 ? null : await res.json(), headers: res.headers };
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser('olga', { scopes: ['repo', 'admin:org'] });
  member = await server.createUser('mel');
  stranger = await server.createUser('stan');
  const org = await server.createOrg('acme', owner.id);
  await server.services.accounts.addMember(org.id, member.id, 'member');
  await server.createOrg('zeta', owner.id);
  for (const [name, isPrivate] of [
    ['open', false],
    ['closed', true],
  ] as const) {
    const res = await server.api('/orgs/acme/repos', {
      method: 'POST',
      token: owner.token,
      body: { name, private: isPrivate },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.close());

describe('PATCH /orgs/{org}', () => {
  it('lets an owner change the profile, answered in GitHub shape', async () => {
    const res = await json('/orgs/acme', owner.token, {
      method: 'PATCH',
      body: { description: 'Widgets', company: 'Acme Inc', blog: 'https://acme.test', location: 'Earth' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      login: 'acme',
      description: 'Widgets',
      company: 'Acme Inc',
      default_repository_permission: 'read',
      members_can_create_repositories: true,
      billing_email: null,
    });
    expectBothSchemas(res.body, { path: '/orgs/{org}', method: 'patch' }, { operationId: 'orgs/update' });
    const seen = await json('/orgs/acme');
    expect(seen.body.description).toBe('Widgets');
    expect(seen.body).not.toHaveProperty('default_repository_permission');
  });

  it('refuses members (403) and hides the organization from others (404)', async () => {
    expect((await json('/orgs/acme', member.token, { method: 'PATCH', body: { name: 'x' } })).status).toBe(403);
    expect((await json('/orgs/acme', stranger.token, { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    expect((await json('/orgs/olga', owner.token, { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    const bad = await json('/orgs/acme', owner.token, {
      method: 'PATCH',
      body: { default_repository_permission: 'root' },
    });
    expect(bad.status).toBe(422);
  });

  it('enforces default_repository_permission for members at once', async () => {
    const read = () => json('/repos/acme/closed', member.token);
    expect((await read()).body.permissions).toMatchObject({ pull: true, push: false });
    await json('/orgs/acme', owner.token, { method: 'PATCH', body: { default_repository_permission: 'write' } });
    expect((await read()).body.permissions).toMatchObject({ pull: true, push: true, admin: false });
    await json('/orgs/acme', owner.token, { method: 'PATCH', body: { default_repository_permission: 'none' } });
    // A private repository is 403 to signed-in callers without access (the interface's rule).
    expect((await read()).status).toBe(403);
    const listed = await json('/orgs/acme/repos', member.token);
    expect(listed.body.map((r: { name: string }) => r.name)).toEqual(['open']);
    await json('/orgs/acme', owner.token, { method: 'PATCH', body: { default_repository_permission: 'read' } });
    expect((await read()).status).toBe(200);
  });

  it('enforces members_can_create_repositories', async () => {
    await json('/orgs/acme', owner.token, { method: 'PATCH', body: { members_can_create_repositories: false } });
    const refused = await server.api('/orgs/acme/repos', { method: 'POST', token: member.token, body: { name: 'm' } });
    expect(refused.status).toBe(403);
    await json('/orgs/acme', owner.token, { method: 'PATCH', body: { members_can_create_repositories: true } });
    const created = await server.api('/orgs/acme/repos', { method: 'POST', token: member.token, body: { name: 'm' } });
    expect(created.status).toBe(201);
  });
});

describe('organization lists', () => {
  it('GET /organizations pages by since', async () => {
    const first = await json('/organizations?per_page=1');
    expect(first.status).toBe(200);
    expect(first.body.map((o: { login: string }) => o.login)).toEqual(['acme']);
    expect(first.headers.get('link')).toContain(`since=${first.body[0].id}`);
    expectBothSchemas(first.body, { path: '/organizations', method: 'get' }, { operationId: 'orgs/list' });
    const next = await json(`/organizations?since=${first.body[0].id}`);
    expect(next.body.map((o: { login: string }) => o.login)).toEqual(['zeta']);
  });

  it('GET /user/orgs lists private memberships of the caller', async () => {
    const res = await json('/user/orgs', member.token);
    expect(res.body.map((o: { login: string }) => o.login)).toEqual(['acme']);
    expectBothSchemas(
      res.body,
      { path: '/user/orgs', method: 'get' },
      { operationId: 'orgs/list-for-authenticated-user' },
    );
    expect((await json('/user/orgs')).status).toBe(401);
  });

  it('GET /users/{username}/orgs shows public memberships to others, all to the user', async () => {
    expect((await json('/users/mel/orgs', owner.token)).body).toEqual([]);
    expect((await json('/users/mel/orgs', member.token)).body).toHaveLength(1);
    await server.sql`UPDATE org_members SET public = true WHERE user_id = ${member.id}`;
    const seen = await json('/users/mel/orgs');
    expect(seen.body.map((o: { login: string }) => o.login)).toEqual(['acme']);
    expectBothSchemas(
      seen.body,
      { path: '/users/{username}/orgs', method: 'get' },
      { operationId: 'orgs/list-for-user' },
    );
    expect((await json('/users/nobody-here/orgs')).status).toBe(404);
  });
});

describe('repository lists', () => {
  it('GET /orgs/{org}/repos shows private repositories to members only', async () => {
    const anonymous = await json('/orgs/acme/repos');
    expect(anonymous.body.map((r: { name: string }) => r.name)).not.toContain('closed');
    const members = await json('/orgs/acme/repos?sort=full_name', member.token);
    expect(members.body.map((r: { name: string }) => r.name)).toEqual(['closed', 'm', 'open']);
    expectBothSchemas(
      members.body,
      { path: '/orgs/{org}/repos', method: 'get' },
      { operationId: 'repos/list-for-org' },
    );
    const privates = await json('/orgs/acme/repos?type=private', member.token);
    expect(privates.body.map((r: { name: string }) => r.name)).toEqual(['closed']);
    expect((await json('/orgs/mel/repos')).status).toBe(404);
  });

  it('GET /users/{username}/repos lists owned repositories, affiliations to the user only', async () => {
    await server.api('/user/repos', { method: 'POST', token: member.token, body: { name: 'mine' } });
    const owned = await json('/users/mel/repos');
    expect(owned.body.map((r: { name: string }) => r.name)).toEqual(['mine']);
    expectBothSchemas(
      owned.body,
      { path: '/users/{username}/repos', method: 'get' },
      { operationId: 'repos/list-for-user' },
    );
    const all = await json('/users/mel/repos?type=all', member.token);
    expect(all.body.map((r: { full_name: string }) => r.full_name)).toContain('acme/closed');
    const others = await json('/users/mel/repos?type=all', stranger.token);
    expect(others.body.map((r: { full_name: string }) => r.full_name)).toEqual(['mel/mine']);
  });
});
