// Members, public members and memberships of an organization (issue 37).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let invitee: TestUser;

const call = async (path: string, token?: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await server.api(path, { token, ...init });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
};
const logins = (body: { login: string }[]) => body.map((u) => u.login);

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser('olga', { scopes: ['repo', 'admin:org'] });
  member = await server.createUser('mel', { scopes: ['repo', 'write:org'] });
  stranger = await server.createUser('stan');
  invitee = await server.createUser('ivy', { scopes: ['repo', 'read:org'] });
  const org = await server.createOrg('acme', owner.id);
  await server.services.accounts.addMember(org.id, member.id, 'member');
  const res = await server.api('/orgs/acme/repos', {
    method: 'POST',
    token: owner.token,
    body: { name: 'closed', private: true },
  });
  expect(res.status).toBe(201);
});
afterAll(() => server.close());

describe('members', () => {
  it('lists every member to members, public ones to others', async () => {
    const all = await call('/orgs/acme/members', member.token);
    expect(all.status).toBe(200);
    expect(logins(all.body)).toEqual(['olga', 'mel']);
    expectBothSchemas(all.body, { path: '/orgs/{org}/members', method: 'get' }, { operationId: 'orgs/list-members' });
    expect(logins((await call('/orgs/acme/members?role=admin', member.token)).body)).toEqual(['olga']);
    expect((await call('/orgs/acme/members', stranger.token)).body).toEqual([]);
    expect((await call('/orgs/acme/members')).body).toEqual([]);
  });

  it('publicizes and conceals only the caller’s own membership', async () => {
    expect((await call('/orgs/acme/public_members/olga', member.token, { method: 'PUT' })).status).toBe(403);
    expect((await call('/orgs/acme/public_members/mel', member.token, { method: 'PUT' })).status).toBe(204);
    expect(logins((await call('/orgs/acme/public_members')).body)).toEqual(['mel']);
    expect(logins((await call('/orgs/acme/members')).body)).toEqual(['mel']);
    expect((await call('/orgs/acme/public_members/mel')).status).toBe(204);
    expect((await call('/orgs/acme/public_members/olga')).status).toBe(404);
    expect((await call('/orgs/acme/public_members/mel', member.token, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/orgs/acme/public_members/mel')).status).toBe(404);
  });

  it('checks membership: 204 to members, 302 to the public check for others', async () => {
    expect((await call('/orgs/acme/members/olga', member.token)).status).toBe(204);
    expect((await call('/orgs/acme/members/stan', member.token)).status).toBe(404);
    // Not followed: server.api follows redirects.
    const outside = await fetch(`${server.url}/orgs/acme/members/olga`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(outside.status).toBe(302);
    expect(outside.headers.get('location')).toBe(`${server.url}/api/v3/orgs/acme/public_members/olga`);
  });
});

describe('memberships', () => {
  it('invites a new user (pending) who accepts and gets access at once', async () => {
    const set = await call('/orgs/acme/memberships/ivy', owner.token, { method: 'PUT', body: { role: 'member' } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ state: 'pending', role: 'member', user: { login: 'ivy' } });
    expectBothSchemas(
      set.body,
      { path: '/orgs/{org}/memberships/{username}', method: 'put' },
      { operationId: 'orgs/set-membership-for-user' },
    );
    expect((await call('/orgs/acme/memberships/ivy', member.token)).status).toBe(404);
    expect((await call('/orgs/acme/memberships/ivy', owner.token)).body.state).toBe('pending');
    const mine = await call('/user/memberships/orgs?state=pending', invitee.token);
    expect(mine.body.map((m: { organization: { login: string } }) => m.organization.login)).toEqual(['acme']);
    expectBothSchemas(
      mine.body,
      { path: '/user/memberships/orgs', method: 'get' },
      { operationId: 'orgs/list-memberships-for-authenticated-user' },
    );
    expect((await call('/repos/acme/closed', invitee.token)).status).toBe(403);
    const accepted = await call('/user/memberships/orgs/acme', invitee.token, {
      method: 'PATCH',
      body: { state: 'active' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'active', role: 'member' });
    expectBothSchemas(
      accepted.body,
      { path: '/user/memberships/orgs/{org}', method: 'patch' },
      { operationId: 'orgs/update-membership-for-authenticated-user' },
    );
    expect((await call('/repos/acme/closed', invitee.token)).status).toBe(200);
    expect((await call('/user/memberships/orgs/acme', invitee.token)).body.state).toBe('active');
  });

  it('changes a member’s role and refuses demoting the last owner', async () => {
    const promoted = await call('/orgs/acme/memberships/mel', owner.token, { method: 'PUT', body: { role: 'admin' } });
    expect(promoted.body).toMatchObject({ state: 'active', role: 'admin' });
    expect(
      (await call('/orgs/acme/memberships/mel', owner.token, { method: 'PUT', body: { role: 'member' } })).status,
    ).toBe(200);
    const demote = await call('/orgs/acme/memberships/olga', owner.token, { method: 'PUT', body: { role: 'member' } });
    expect(demote.status).toBe(422);
    expect((await call('/orgs/acme/memberships/stan', member.token, { method: 'PUT', body: {} })).status).toBe(403);
    const got = await call('/orgs/acme/memberships/mel', member.token);
    expectBothSchemas(
      got.body,
      { path: '/orgs/{org}/memberships/{username}', method: 'get' },
      { operationId: 'orgs/get-membership-for-user' },
    );
  });

  it('removing a member takes access away at once, and cancels invitations', async () => {
    expect((await call('/repos/acme/closed', invitee.token)).status).toBe(200);
    expect((await call('/orgs/acme/members/ivy', member.token, { method: 'DELETE' })).status).toBe(403);
    expect((await call('/orgs/acme/members/ivy', owner.token, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/repos/acme/closed', invitee.token)).status).toBe(403);
    expect((await call('/orgs/acme/members/ivy', owner.token, { method: 'DELETE' })).status).toBe(404);
    await call('/orgs/acme/memberships/stan', owner.token, { method: 'PUT', body: {} });
    expect((await call('/orgs/acme/memberships/stan', owner.token, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/user/memberships/orgs/acme', stranger.token)).status).toBe(404);
    expect((await call('/orgs/acme/members/olga', owner.token, { method: 'DELETE' })).status).toBe(403);
  });
});
