// Organization invitations (issue 37): owners invite users or email
// addresses with a role and teams; an invitation is the pending membership
// the memberships API shows and the invitee accepts, joining its teams.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let ivy: TestUser;
let mail: TestUser;
let stranger: TestUser;
let orgId: number;
let teamId: number;
let otherTeamId: number;

const call = (path: string, token: string | undefined, init: { method?: string; body?: unknown } = {}) =>
  apiCall(server, path, { token, ...init });
const INVITATIONS = { path: '/orgs/{org}/invitations', method: 'get' };

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('olga', { scopes: ['repo', 'admin:org'] });
  member = await server.createUser('mel', { scopes: ['repo', 'admin:org'] });
  ivy = await server.createUser('ivy', { scopes: ['repo', 'read:org'] });
  mail = await server.createUser('mailer', { scopes: ['repo', 'read:org'] });
  stranger = await server.createUser('stan', { scopes: ['repo', 'admin:org'] });
  await server.sql`UPDATE accounts SET email = 'mailer@example.com' WHERE id = ${mail.id}`;
  const org = await server.createOrg('acme', owner.id);
  orgId = org.id;
  await server.services.accounts.addMember(org.id, member.id, 'member');
  const other = await server.createOrg('other', owner.id);
  const repo = await call('/orgs/acme/repos', owner.token, { method: 'POST', body: { name: 'secret', private: true } });
  expect(repo.status).toBe(201);
  const team = await call('/orgs/acme/teams', owner.token, {
    method: 'POST',
    body: { name: 'Core', privacy: 'closed' },
  });
  teamId = team.json.id;
  expect(
    (
      await call('/orgs/acme/teams/core/repos/acme/secret', owner.token, {
        method: 'PUT',
        body: { permission: 'push' },
      })
    ).status,
  ).toBe(204);
  otherTeamId = (await call(`/orgs/${other.login}/teams`, owner.token, { method: 'POST', body: { name: 'Elsewhere' } }))
    .json.id;
});
afterAll(() => server.close());

describe('organization invitations', () => {
  let invitationId: number;

  it('invites a user with teams (201, GitHub shape) and lists the invitation as pending', async () => {
    const created = await call('/orgs/acme/invitations', owner.token, {
      method: 'POST',
      body: { invitee_id: ivy.id, role: 'direct_member', team_ids: [teamId] },
    });
    expect(created.status).toBe(201);
    expectBothSchemas(
      created.json,
      { path: '/orgs/{org}/invitations', method: 'post', status: 201 },
      { operationId: 'orgs/create-invitation' },
    );
    expect(created.json).toMatchObject({
      login: 'ivy',
      email: null,
      role: 'direct_member',
      team_count: 1,
      inviter: { login: 'olga' },
      failed_at: null,
    });
    invitationId = created.json.id;
    const list = await call('/orgs/acme/invitations', owner.token);
    expect(list.status).toBe(200);
    expectBothSchemas(list.json, INVITATIONS, { operationId: 'orgs/list-pending-invitations' });
    expect(list.json.map((i: { id: number }) => i.id)).toEqual([invitationId]);
    expect((await call('/orgs/acme/invitations?role=admin', owner.token)).json).toEqual([]);
    expect((await call('/orgs/acme/invitations?role=billing_manager', owner.token)).json).toEqual([]);
    const teams = await call(`/orgs/acme/invitations/${invitationId}/teams`, owner.token);
    expect(teams.status).toBe(200);
    expectBothSchemas(
      teams.json,
      { path: '/orgs/{org}/invitations/{invitation_id}/teams', method: 'get' },
      { operationId: 'orgs/list-invitation-teams' },
    );
    expect(teams.json.map((t: { slug: string }) => t.slug)).toEqual(['core']);
  });

  it('is the pending membership: the memberships API shows it and the invitee accepts into its teams', async () => {
    const pending = await call('/orgs/acme/memberships/ivy', owner.token);
    expect(pending.json).toMatchObject({ state: 'pending', role: 'member' });
    const before = await call('/repos/acme/secret', ivy.token);
    expect(before.status).not.toBe(200);
    const accepted = await call('/user/memberships/orgs/acme', ivy.token, {
      method: 'PATCH',
      body: { state: 'active' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ state: 'active', role: 'member' });
    // The team's push grant, at once.
    const repo = await call('/repos/acme/secret', ivy.token);
    expect(repo.status).toBe(200);
    expect(repo.json.permissions).toMatchObject({ push: true, admin: false });
    expect((await call('/orgs/acme/teams/core/memberships/ivy', owner.token)).json).toMatchObject({ state: 'active' });
    expect((await call('/orgs/acme/invitations', owner.token)).json).toEqual([]);
    expect((await call(`/orgs/acme/invitations/${invitationId}/teams`, owner.token)).status).toBe(404);
  });

  it('invites by email: an existing user’s address invites that user, another stays an address', async () => {
    const known = await call('/orgs/acme/invitations', owner.token, {
      method: 'POST',
      body: { email: 'MAILER@example.com', role: 'admin' },
    });
    expect(known.status).toBe(201);
    expect(known.json).toMatchObject({ login: 'mailer', email: null, role: 'admin' });
    expect((await call('/user/memberships/orgs/acme', mail.token)).json).toMatchObject({
      state: 'pending',
      role: 'admin',
    });
    const unknown = await call('/orgs/acme/invitations', owner.token, {
      method: 'POST',
      body: { email: 'someone@example.org' },
    });
    expect(unknown.status).toBe(201);
    expect(unknown.json).toMatchObject({ login: null, email: 'someone@example.org', role: 'direct_member' });
    expectBothSchemas(
      unknown.json,
      { path: '/orgs/{org}/invitations', method: 'post', status: 201 },
      { operationId: 'orgs/create-invitation' },
    );
    // Cancelled: gone from the list and from the invitee's memberships.
    expect((await call(`/orgs/acme/invitations/${known.json.id}`, owner.token, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/user/memberships/orgs/acme', mail.token)).status).toBe(404);
    expect((await call(`/orgs/acme/invitations/${known.json.id}`, owner.token, { method: 'DELETE' })).status).toBe(404);
    const left = (await call('/orgs/acme/invitations', owner.token)).json;
    expect(left.map((i: { email: string }) => i.email)).toEqual(['someone@example.org']);
  });

  it('refuses bad invitations with 422 and errors[]', async () => {
    const refused = async (body: unknown) => {
      const answer = await call('/orgs/acme/invitations', owner.token, { method: 'POST', body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
    };
    await refused({});
    await refused({ invitee_id: ivy.id, email: 'x@example.com' });
    await refused({ invitee_id: member.id }); // already a member
    await refused({ email: 'someone@example.org' }); // already invited
    await refused({ email: 'not an address' });
    await refused({ invitee_id: 9_000_000_000_000_000 });
    await refused({ invitee_id: orgId }); // an organization
    await refused({ email: 'new@example.org', team_ids: [otherTeamId] });
    await refused({ email: 'new@example.org', role: 'billing_manager' });
    expect((await call('/orgs/acme/invitations', owner.token, { method: 'POST', body: { role: 'king' } })).status).toBe(
      422,
    );
  });

  it('lists expired invitations as failed, and a new invitation replaces a failed one', async () => {
    await server.sql`UPDATE org_invitations SET expires_at = now() - interval '1 minute'
      WHERE org_id = ${orgId} AND email = 'someone@example.org'`;
    expect((await call('/orgs/acme/invitations', owner.token)).json).toEqual([]);
    const failed = await call('/orgs/acme/failed_invitations', owner.token);
    expect(failed.status).toBe(200);
    expectBothSchemas(
      failed.json,
      { path: '/orgs/{org}/failed_invitations', method: 'get' },
      { operationId: 'orgs/list-failed-invitations' },
    );
    expect(failed.json).toHaveLength(1);
    expect(failed.json[0].failed_at).toEqual(expect.any(String));
    expect(failed.json[0].failed_reason).toMatch(/expired/);
    const again = await call('/orgs/acme/invitations', owner.token, {
      method: 'POST',
      body: { email: 'someone@example.org' },
    });
    expect(again.status).toBe(201);
    expect((await call('/orgs/acme/failed_invitations', owner.token)).json).toEqual([]);
  });

  it('is for owners only: members 403, others 404, anonymous 401', async () => {
    for (const [token, status] of [
      [member.token, 403],
      [ivy.token, 403],
      [stranger.token, 404],
      [undefined, 401],
    ] as const) {
      expect((await call('/orgs/acme/invitations', token)).status).toBe(status);
      expect((await call('/orgs/acme/failed_invitations', token)).status).toBe(status);
      const created = await call('/orgs/acme/invitations', token, { method: 'POST', body: { email: 'z@example.org' } });
      expect(created.status).toBe(status);
    }
    expect((await call('/orgs/nope/invitations', owner.token)).status).toBe(404);
  });
});
