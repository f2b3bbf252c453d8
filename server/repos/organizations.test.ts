// Repositories owned by an organization: org admins administer them, members
// read them (GitHub's default base permission), everyone else sees only public ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser('owner');
  member = await server.createUser('member');
  outsider = await server.createUser('outsider');
  const org = await server.createOrg('acme', owner.id);
  await server.services.accounts.addMember(org.id, member.id);
  const created = await server.api('/orgs/acme/repos', {
    method: 'POST',
    token: member.token,
    body: { name: 'internal-tools', private: true },
  });
  expect(created.status).toBe(201);
});
afterAll(() => server.close());

describe('organization repositories', () => {
  it('give org admins admin, members read, and outsiders nothing on a private repository', async () => {
    const asOwner = await server.api('/repos/acme/internal-tools', { token: owner.token });
    expect(asOwner.status).toBe(200);
    const body = await asOwner.json();
    expect(body.permissions).toMatchObject({ admin: true, push: true, pull: true });
    expect(body.owner).toMatchObject({ login: 'acme', type: 'Organization' });
    expect(body.organization).toMatchObject({ login: 'acme' });

    const asMember = await server.api('/repos/acme/internal-tools', { token: member.token });
    expect(asMember.status).toBe(200);
    expect((await asMember.json()).permissions).toMatchObject({ admin: false, push: false, pull: true });

    expect((await server.api('/repos/acme/internal-tools', { token: outsider.token })).status).toBe(403);
    expect((await server.api('/repos/acme/internal-tools')).status).toBe(404);
  });

  it('let members list the org repository and refuse them admin operations', async () => {
    const list = await (await server.api('/user/repos', { token: member.token })).json();
    expect(list.map((r: { full_name: string }) => r.full_name)).toContain('acme/internal-tools');
    const patch = await server.api('/repos/acme/internal-tools', {
      method: 'PATCH',
      token: member.token,
      body: { description: 'x' },
    });
    expect(patch.status).toBe(403);
    expect((await patch.json()).message).toBe('Must have admin rights to Repository.');
  });
});

describe('POST /orgs/{org}/repos', () => {
  it('creates an org-owned repository with a git directory for a member', async () => {
    const res = await server.api('/orgs/ACME/repos', {
      method: 'POST',
      token: owner.token,
      body: { name: 'site', auto_init: true },
    });
    expect(res.status).toBe(201);
    const repo = await res.json();
    expect(repo).toMatchObject({
      full_name: 'acme/site',
      owner: { login: 'acme', type: 'Organization' },
      organization: { login: 'acme' },
    });
    expect(existsSync(server.services.git.pathOf(repo.id))).toBe(true);
  });

  it('is 403 for non-members, 404 for unknown organizations and for users, 422 for a taken name', async () => {
    expect(
      (await server.api('/orgs/acme/repos', { method: 'POST', token: outsider.token, body: { name: 'x' } })).status,
    ).toBe(403);
    expect(
      (await server.api('/orgs/nope/repos', { method: 'POST', token: owner.token, body: { name: 'x' } })).status,
    ).toBe(404);
    expect(
      (await server.api('/orgs/owner/repos', { method: 'POST', token: owner.token, body: { name: 'x' } })).status,
    ).toBe(404);
    const taken = await server.api('/orgs/acme/repos', { method: 'POST', token: owner.token, body: { name: 'SITE' } });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors[0]).toMatchObject({ field: 'name', code: 'already_exists' });
  });
});
