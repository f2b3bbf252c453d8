// REST collaborators and invitations, GitHub's way: an admin invites (201),
// the invitee accepts (204) and becomes a collaborator in the same
// transaction with `member` `added`; the permission changes in place
// (`edited`); removal (`removed`) takes REST and git access away at once.
// Every body is checked against GitHub's own description, every payload
// against its webhook schema (outboxReader).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { actions, outboxReader } from '../test-support/webhook-outbox.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let git: GitCli;
let events: ReturnType<typeof outboxReader>;

const call = (path: string, method = 'GET', token = alice.token, body?: unknown) =>
  apiCall(server, path, { method, token, body });

/** The answer, its body valid against GitHub's description of `operationId` at its status. */
async function checked(operationId: string, path: string, method = 'GET', token = alice.token, body?: unknown) {
  const answer = await call(path, method, token, body);
  if (answer.status < 300 && answer.json !== undefined)
    expect(githubResponseErrors(operationId, answer.status, answer.json), operationId).toBe('');
  return answer;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  git = await gitCli();
  const secret = await server.createRepo(alice.token, { name: 'secret', private: true, auto_init: true });
  await apiOk(server, '/repos/alice/secret/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['member'] },
  });
  events = outboxReader(server, { repositoryIds: [secret.id], events: ['member'] });
});
afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('inviting and accepting', () => {
  let invitationId = 0;

  it('invites a new collaborator (201) and lists the invitation to the admin and the invitee', async () => {
    const put = await checked('repos/add-collaborator', '/repos/alice/secret/collaborators/bob', 'PUT', alice.token, {
      permission: 'triage',
    });
    expect(put.status).toBe(201);
    invitationId = put.json.id;
    expect(put.json).toMatchObject({
      permissions: 'triage',
      expired: false,
      invitee: { login: 'bob' },
      inviter: { login: 'alice' },
      repository: { full_name: 'alice/secret' },
    });
    expect(put.json.url).toMatch(new RegExp(`/user/repository_invitations/${invitationId}$`));
    const listed = await checked('repos/list-invitations', '/repos/alice/secret/invitations');
    expect(listed.json.map((i: { id: number }) => i.id)).toEqual([invitationId]);
    const mine = await checked(
      'repos/list-invitations-for-authenticated-user',
      '/user/repository_invitations',
      'GET',
      bob.token,
    );
    expect(mine.json.map((i: { id: number }) => i.id)).toEqual([invitationId]);
    // Not yet a collaborator: no access (Wharf's 403 to a signed-in non-member), no event.
    expect((await call('/repos/alice/secret', 'GET', bob.token)).status).toBe(403);
    expect(await events()).toEqual([]);
  });

  it('an admin changes the invitation permission; nobody else sees or accepts it', async () => {
    const patched = await checked(
      'repos/update-invitation',
      `/repos/alice/secret/invitations/${invitationId}`,
      'PATCH',
      alice.token,
      {
        permissions: 'write',
      },
    );
    expect(patched.json.permissions).toBe('write');
    expect((await call(`/user/repository_invitations/${invitationId}`, 'PATCH', carol.token)).status).toBe(404);
    expect((await call(`/user/repository_invitations/${invitationId}`, 'DELETE', carol.token)).status).toBe(404);
    expect((await call('/repos/alice/secret/invitations', 'GET', carol.token)).status).toBe(403);
  });

  it('accepting grants the permission at once, with member.added', async () => {
    expect((await call(`/user/repository_invitations/${invitationId}`, 'PATCH', bob.token)).status).toBe(204);
    const [added] = await events();
    expect(added).toMatchObject({
      action: 'added',
      payload: { member: { login: 'bob' }, changes: { permission: { to: 'write' }, role_name: { to: 'write' } } },
    });
    expect((await call('/repos/alice/secret', 'GET', bob.token)).json.permissions.push).toBe(true);
    // The invitation is gone; accepting again is 404.
    expect((await call(`/user/repository_invitations/${invitationId}`, 'PATCH', bob.token)).status).toBe(404);
    expect((await call('/repos/alice/secret/invitations')).json).toEqual([]);
  });

  it("lists, checks and reads the collaborators with GitHub's vocabularies", async () => {
    const list = await checked('repos/list-collaborators', '/repos/alice/secret/collaborators');
    expect(list.json.map((c: any) => [c.login, c.role_name, c.permissions.push])).toEqual([
      ['alice', 'admin', true],
      ['bob', 'write', true],
    ]);
    const admins = await call('/repos/alice/secret/collaborators?permission=admin');
    expect(admins.json.map((c: any) => c.login)).toEqual(['alice']);
    expect((await call('/repos/alice/secret/collaborators/bob')).status).toBe(204);
    expect((await call('/repos/alice/secret/collaborators/carol')).status).toBe(404);
    const level = await checked(
      'repos/get-collaborator-permission-level',
      '/repos/alice/secret/collaborators/bob/permission',
    );
    expect(level.json).toMatchObject({ permission: 'write', role_name: 'write', user: { login: 'bob' } });
    const none = await call('/repos/alice/secret/collaborators/carol/permission');
    expect(none.json).toMatchObject({ permission: 'none', role_name: 'none' });
    // Push access reads the list; a stranger does not.
    expect((await call('/repos/alice/secret/collaborators', 'GET', bob.token)).status).toBe(200);
    expect((await call('/repos/alice/secret/collaborators', 'GET', carol.token)).status).toBe(403);
  });

  it('PUT with the same permission is 204 and silent; another permission changes in place with member.edited', async () => {
    const same = await call('/repos/alice/secret/collaborators/bob', 'PUT', alice.token, { permission: 'push' });
    expect(same.status).toBe(204);
    expect(await events()).toEqual([]);
    const maintain = await call('/repos/alice/secret/collaborators/bob', 'PUT', alice.token, {
      permission: 'maintain',
    });
    expect(maintain.status).toBe(204);
    const [edited] = await events();
    expect(edited).toMatchObject({
      action: 'edited',
      payload: { changes: { permission: { from: 'write', to: 'maintain' } } },
    });
    const level = await call('/repos/alice/secret/collaborators/bob/permission');
    expect(level.json).toMatchObject({ permission: 'write', role_name: 'maintain' });
  });

  it('refuses the owner (422), an unknown user (404), a bad permission (422) and non-admins (403)', async () => {
    const owner = await call('/repos/alice/secret/collaborators/alice', 'PUT');
    expect(owner.status).toBe(422);
    expect(owner.json.errors[0].message).toBe('Repository owner cannot be a collaborator');
    expect((await call('/repos/alice/secret/collaborators/nobody', 'PUT')).status).toBe(404);
    expect(
      (await call('/repos/alice/secret/collaborators/carol', 'PUT', alice.token, { permission: 'boss' })).status,
    ).toBe(422);
    // bob maintains: not an admin.
    expect((await call('/repos/alice/secret/collaborators/carol', 'PUT', bob.token)).status).toBe(403);
    expect((await call('/repos/alice/secret/invitations', 'GET', bob.token)).status).toBe(403);
  });
});

describe('declining, cancelling, expiry', () => {
  it('the invitee declines; an admin cancels; both are gone', async () => {
    const first = await call('/repos/alice/secret/collaborators/carol', 'PUT');
    expect((await call(`/user/repository_invitations/${first.json.id}`, 'DELETE', carol.token)).status).toBe(204);
    expect((await call('/user/repository_invitations', 'GET', carol.token)).json).toEqual([]);
    const second = await call('/repos/alice/secret/collaborators/carol', 'PUT');
    expect((await call(`/repos/alice/secret/invitations/${second.json.id}`, 'DELETE')).status).toBe(204);
    expect((await call(`/user/repository_invitations/${second.json.id}`, 'PATCH', carol.token)).status).toBe(404);
    expect(await events()).toEqual([]);
  });

  it('after 7 days an invitation shows expired: true and can no longer be accepted', async () => {
    const put = await call('/repos/alice/secret/collaborators/carol', 'PUT');
    await server.sql`UPDATE repository_invitations SET created_at = now() - interval '8 days' WHERE id = ${put.json.id}`;
    const listed = await checked('repos/list-invitations', '/repos/alice/secret/invitations');
    expect(listed.json).toMatchObject([{ id: put.json.id, expired: true }]);
    expect((await call('/user/repository_invitations', 'GET', carol.token)).json).toEqual([]);
    expect((await call(`/user/repository_invitations/${put.json.id}`, 'PATCH', carol.token)).status).toBe(404);
    // Inviting again renews it.
    const again = await call('/repos/alice/secret/collaborators/carol', 'PUT');
    expect(again.json).toMatchObject({ id: put.json.id, expired: false });
  });

  it('removing a user cancels their pending invitation (204, no event)', async () => {
    expect((await call('/repos/alice/secret/collaborators/carol', 'DELETE')).status).toBe(204);
    expect((await call('/repos/alice/secret/invitations')).json).toEqual([]);
    expect(await events()).toEqual([]);
  });
});

describe('removal', () => {
  it('a removed collaborator loses REST and git access at once, with member.removed', async () => {
    const dir = join(git.home, 'before');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/secret.git', bob.token), dir]);
    expect((await call('/repos/alice/secret/collaborators/bob', 'DELETE')).status).toBe(204);
    expect(actions(await events())).toEqual(['member.removed']);
    expect((await call('/repos/alice/secret', 'GET', bob.token)).status).toBe(403);
    const clone = await git.run([
      'clone',
      '--quiet',
      cloneUrl(server.url, 'alice/secret.git', bob.token),
      join(git.home, 'after'),
    ]);
    expect(clone.code).not.toBe(0);
  });

  it('a collaborator may remove themselves; a reader may not remove others', async () => {
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission)
      SELECT id, ${carol.id}, 'read' FROM repositories WHERE name = 'secret'`;
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission)
      SELECT id, ${bob.id}, 'read' FROM repositories WHERE name = 'secret'`;
    await server.services.repos.changedLocally((await server.services.repos.find('alice', 'secret'))!.id);
    expect((await call('/repos/alice/secret/collaborators/bob', 'DELETE', carol.token)).status).toBe(403);
    expect((await call('/repos/alice/secret/collaborators/carol', 'DELETE', carol.token)).status).toBe(204);
    expect((await call('/repos/alice/secret', 'GET', carol.token)).status).toBe(403);
    await events();
  });
});
