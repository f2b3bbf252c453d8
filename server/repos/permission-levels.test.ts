// GitHub's five repository roles: the ordering every check uses, the
// `permissions` object of repository bodies for each (one repository and
// lists, through the cache and without it), and what a triager may not do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { grant } from '../test-support/grant.js';
import { hasPermission, PERMISSIONS, permissionsObject, type Permission } from '../access/permissions.js';

describe('hasPermission', () => {
  it('orders read < triage < write < maintain < admin, and no grant includes nothing', () => {
    for (const [i, granted] of PERMISSIONS.entries()) {
      for (const [j, needed] of PERMISSIONS.entries())
        expect(hasPermission(granted, needed), `${granted} ⊇ ${needed}`).toBe(i >= j);
      expect(hasPermission(null, granted)).toBe(false);
    }
  });
});

const EXPECTED: Record<
  Permission,
  { admin: boolean; maintain: boolean; push: boolean; triage: boolean; pull: boolean }
> = {
  read: { admin: false, maintain: false, push: false, triage: false, pull: true },
  triage: { admin: false, maintain: false, push: false, triage: true, pull: true },
  write: { admin: false, maintain: false, push: true, triage: true, pull: true },
  maintain: { admin: false, maintain: true, push: true, triage: true, pull: true },
  admin: { admin: true, maintain: true, push: true, triage: true, pull: true },
};

describe('permissionsObject', () => {
  it("is GitHub's object for each role", () => {
    for (const permission of PERMISSIONS) expect(permissionsObject(permission)).toEqual(EXPECTED[permission]);
    expect(permissionsObject(null)).toEqual({ admin: false, maintain: false, push: false, triage: false, pull: false });
  });
});

describe('collaborators with each role', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let repoId: number;

  beforeAll(async () => {
    server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
    alice = await server.createUser('alice');
    bob = await server.createUser('bob');
    const res = await server.api('/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'roles', private: true, auto_init: true },
    });
    repoId = ((await res.json()) as { id: number }).id;
  });
  afterAll(() => server.close());

  it('see their role in the repository body and in their repository list, right after each change', async () => {
    for (const permission of PERMISSIONS) {
      await grant(server, repoId, bob.id, permission);
      // Twice: the second answer comes from the permission cache the first filled.
      for (let i = 0; i < 2; i++) {
        const res = await server.api('/repos/alice/roles', { token: bob.token });
        expect(res.status, permission).toBe(200);
        expect(((await res.json()) as { permissions: unknown }).permissions, permission).toEqual(EXPECTED[permission]);
      }
      const list = (await (await server.api('/user/repos', { token: bob.token })).json()) as {
        name: string;
        permissions: unknown;
      }[];
      expect(list.find((r) => r.name === 'roles')?.permissions, permission).toEqual(EXPECTED[permission]);
    }
  });

  it('a triager can read but cannot push (refs) nor administer; maintain can push', async () => {
    const sha = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
    const createRef = (ref: string) =>
      server.api('/repos/alice/roles/git/refs', { method: 'POST', token: bob.token, body: { ref, sha } });
    await grant(server, repoId, bob.id, 'triage');
    expect((await server.api('/repos/alice/roles/git/refs', { token: bob.token })).status).toBe(200);
    const denied = await createRef('refs/heads/by-triage');
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { message: string }).message).toBe('Must have push access to Repository.');
    await grant(server, repoId, bob.id, 'maintain');
    expect((await createRef('refs/heads/by-maintain')).status).toBe(201);
    // Maintain is not admin: settings and deletion stay the owner's.
    expect(
      (await server.api('/repos/alice/roles', { method: 'PATCH', token: bob.token, body: { description: 'x' } }))
        .status,
    ).toBe(403);
    expect((await server.api('/repos/alice/roles', { method: 'DELETE', token: bob.token })).status).toBe(403);
  });
});
