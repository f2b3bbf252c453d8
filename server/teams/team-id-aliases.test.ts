// A team's `url` (/organizations/{org_id}/team/{team_id}) answers as the team
// by slug, with what follows it: PyGithub's Team methods (add_membership,
// delete, get_members, …) call that URL, not /orgs/{org}/teams/{slug}.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const SCOPES = ['repo', 'admin:org', 'user'];
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let orgId: number;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('ti-owner', { scopes: SCOPES });
  member = await server.createUser('ti-member', { scopes: SCOPES });
  outsider = await server.createUser('ti-outsider', { scopes: SCOPES });
  orgId = (await server.createOrg('ti-org', owner.id)).id;
  await server.createOrg('ti-other', outsider.id);
  await server.services.accounts.addMember(orgId, member.id, 'member');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const send = async (url: string, token: string, method = 'GET', body?: unknown) => {
  const res = await server.api(url.slice(server.url.length), { method, token, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

it("serves the team's url and the operations under it, root and /api/v3", async () => {
  const created = await send(`${server.url}/orgs/ti-org/teams`, owner.token, 'POST', {
    name: 'Core',
    privacy: 'secret',
  });
  expect(created.status).toBe(201);
  const url: string = created.body.url;
  expect(url).toBe(`${server.url}/api/v3/organizations/${orgId}/team/${created.body.id}`);
  const got = await send(url, owner.token);
  expect(got.status).toBe(200);
  expect(got.body).toMatchObject({ slug: 'core', members_count: 1 });
  const root = await send(url.replace('/api/v3/', '/'), owner.token);
  expect(root.body.slug).toBe('core');

  const added = await send(`${url}/memberships/ti-member`, owner.token, 'PUT', { role: 'member' });
  expect(added).toMatchObject({ status: 200, body: { role: 'member', state: 'active' } });
  const members = await send(`${url}/members`, owner.token);
  expect(members.body.map((u: { login: string }) => u.login).sort()).toEqual(['ti-member', 'ti-owner']);

  // The same checks as by slug: a secret team is 404 to an outsider, and to its own org's id under another org.
  expect((await send(url, outsider.token)).status).toBe(404);
  const otherOrg = (await server.services.accounts.byLogin('ti-other'))!.id;
  expect((await send(url.replace(`/organizations/${orgId}/`, `/organizations/${otherOrg}/`), owner.token)).status).toBe(
    404,
  );
  expect((await send(`${server.url}/organizations/${orgId}/team/x1`, owner.token)).status).toBe(404);

  expect((await send(url, owner.token, 'DELETE')).status).toBe(204);
  expect((await send(url, owner.token)).status).toBe(404);
});
