// The team endpoints (issue 37) as GitHub's clients drive them: an owner
// creates nested teams, adds members and repositories; members see closed
// teams and their own secret ones; maintainers manage their team; the grant
// reaches the member's repository `permissions`; and bodies validate against
// our contract and GitHub's (@octokit/openapi).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const SCOPES = ['repo', 'admin:org', 'user'];
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

const call = async (path: string, token: string | undefined, method = 'GET', body?: unknown, accept?: string) => {
  const res = await server.api(path, { method, token, body, headers: accept ? { accept } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('te-owner', { scopes: SCOPES });
  member = await server.createUser('te-member', { scopes: SCOPES });
  outsider = await server.createUser('te-outsider', { scopes: SCOPES });
  const org = await server.createOrg('te-org', owner.id);
  await server.services.accounts.addMember(org.id, member.id, 'member');
  const repo = await server.api('/orgs/te-org/repos', {
    method: 'POST',
    token: owner.token,
    body: { name: 'app', private: true },
  });
  expect(repo.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('teams over REST', () => {
  it('creates, nests, shows and lists teams as GitHub does', async () => {
    const created = await call('/orgs/te-org/teams', owner.token, 'POST', {
      name: 'Core Team',
      description: 'The core',
      privacy: 'closed',
      repo_names: ['te-org/app'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Core Team', slug: 'core-team', privacy: 'closed', repos_count: 1 });
    expect(created.body.node_id).toMatch(/^T_/);
    expectBothSchemas(
      created.body,
      { path: '/orgs/{org}/teams', method: 'post', status: 201 },
      { operationId: 'teams/create' },
    );

    const child = await call('/orgs/te-org/teams', owner.token, 'POST', {
      name: 'Core Web',
      parent_team_id: created.body.id,
    });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ privacy: 'closed', parent: { slug: 'core-team' } });

    const got = await call('/orgs/te-org/teams/CORE-TEAM', member.token);
    expect(got.status).toBe(200);
    expectBothSchemas(
      got.body,
      { path: '/orgs/{org}/teams/{team_slug}', method: 'get' },
      { operationId: 'teams/get-by-name' },
    );

    const list = await call('/orgs/te-org/teams', member.token);
    expect(list.body.map((t: { slug: string }) => t.slug)).toEqual(['core-team', 'core-web']);
    expectBothSchemas(list.body, { path: '/orgs/{org}/teams', method: 'get' }, { operationId: 'teams/list' });
    const children = await call('/orgs/te-org/teams/core-team/teams', member.token);
    expect(children.body.map((t: { slug: string }) => t.slug)).toEqual(['core-web']);

    expect((await call('/orgs/te-org/teams', outsider.token)).status).toBe(404);
    expect((await call('/orgs/te-org/teams/core-team', undefined)).status).toBe(401);
    const taken = await call('/orgs/te-org/teams', owner.token, 'POST', { name: 'core team' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ resource: 'Team', code: 'already_exists', field: 'name' });
    const cycle = await call('/orgs/te-org/teams/core-team', owner.token, 'PATCH', { parent_team_id: child.body.id });
    expect(cycle.status).toBe(422);
  });

  it('hides a secret team from members outside it, and lets its maintainer manage it', async () => {
    const secret = await call('/orgs/te-org/teams', owner.token, 'POST', { name: 'Secret', privacy: 'secret' });
    expect(secret.status).toBe(201);
    expect((await call('/orgs/te-org/teams/secret', member.token)).status).toBe(404);
    expect((await call('/orgs/te-org/teams/secret', member.token, 'PATCH', { description: 'x' })).status).toBe(404);
    const added = await call('/orgs/te-org/teams/secret/memberships/te-member', owner.token, 'PUT', {
      role: 'maintainer',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ role: 'maintainer', state: 'active' });
    expectBothSchemas(
      added.body,
      { path: '/orgs/{org}/teams/{team_slug}/memberships/{username}', method: 'put' },
      { operationId: 'teams/add-or-update-membership-for-user-in-org' },
    );
    const renamed = await call('/orgs/te-org/teams/secret', member.token, 'PATCH', { name: 'Hidden' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe('hidden');
    const mine = await call('/user/teams', member.token);
    expect(mine.body.map((t: { slug: string }) => t.slug)).toEqual(['hidden']);
    expectBothSchemas(
      mine.body,
      { path: '/user/teams', method: 'get' },
      { operationId: 'teams/list-for-authenticated-user' },
    );
    // A plain member of a closed team may not manage it.
    await call('/orgs/te-org/teams/core-team/memberships/te-member', owner.token, 'PUT', {});
    expect((await call('/orgs/te-org/teams/core-team', member.token, 'DELETE')).status).toBe(403);
    expect((await call('/orgs/te-org/teams/hidden', member.token, 'DELETE')).status).toBe(204);
    expect((await call('/orgs/te-org/teams/hidden', owner.token)).status).toBe(404);
  });

  it('grants a repository permission to the team and its members, checks and lists it, and takes it back', async () => {
    const before = await call('/repos/te-org/app', member.token);
    expect(before.body.permissions).toMatchObject({ pull: true, push: false });
    const put = await call('/orgs/te-org/teams/core-team/repos/te-org/app', owner.token, 'PUT', {
      permission: 'maintain',
    });
    expect(put.status).toBe(204);
    const after = await call('/repos/te-org/app', member.token);
    expect(after.body.permissions).toEqual({ admin: false, maintain: true, push: true, triage: true, pull: true });

    expect((await call('/orgs/te-org/teams/core-team/repos/te-org/app', member.token)).status).toBe(204);
    const asRepo = await call(
      '/orgs/te-org/teams/core-web/repos/te-org/app',
      member.token,
      'GET',
      undefined,
      'application/vnd.github.v3.repository+json',
    );
    expect(asRepo.status).toBe(200);
    expect(asRepo.body).toMatchObject({
      full_name: 'te-org/app',
      role_name: 'maintain',
      permissions: { maintain: true, admin: false },
    });

    const repos = await call('/orgs/te-org/teams/core-team/repos', member.token);
    expect(repos.body.map((r: { full_name: string }) => r.full_name)).toEqual(['te-org/app']);
    const members = await call('/orgs/te-org/teams/core-team/members?role=member', owner.token);
    expect(members.body.map((u: { login: string }) => u.login)).toEqual(['te-member']);
    expectBothSchemas(
      members.body,
      { path: '/orgs/{org}/teams/{team_slug}/members', method: 'get' },
      { operationId: 'teams/list-members-in-org' },
    );
    const teams = await call('/repos/te-org/app/teams', member.token);
    expect(teams.body.map((t: { slug: string; permission: string }) => [t.slug, t.permission])).toEqual([
      ['core-team', 'maintain'],
    ]);
    expectBothSchemas(
      teams.body,
      { path: '/repos/{owner}/{repo}/teams', method: 'get' },
      { operationId: 'repos/list-teams' },
    );

    const membership = await call('/orgs/te-org/teams/core-team/memberships/te-member', member.token);
    expect(membership.body.role).toBe('member');
    expect((await call('/orgs/te-org/teams/core-team/memberships/te-member', owner.token, 'DELETE')).status).toBe(204);
    expect((await call('/repos/te-org/app', member.token)).body.permissions.push).toBe(false);
    expect((await call('/orgs/te-org/teams/core-team/memberships/te-member', owner.token)).status).toBe(404);

    expect((await call('/orgs/te-org/teams/core-team/repos/te-org/app', owner.token, 'DELETE')).status).toBe(204);
    expect((await call('/orgs/te-org/teams/core-team/repos/te-org/app', owner.token)).status).toBe(404);
  });

  it('refuses a member outside the organization and a repository outside it with 422', async () => {
    const notMember = await call('/orgs/te-org/teams/core-team/memberships/te-outsider', owner.token, 'PUT', {});
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors).toHaveLength(1);
    await server.createRepo(owner.token, { name: 'personal' });
    const foreign = await call('/orgs/te-org/teams/core-team/repos/te-owner/personal', owner.token, 'PUT', {});
    expect(foreign.status).toBe(422);
    expect((await call('/orgs/te-org/teams/nope', owner.token)).status).toBe(404);
    expect((await call('/orgs/te-org/teams/core-team/memberships/no-such-user', owner.token, 'PUT', {})).status).toBe(
      404,
    );
  });
});
