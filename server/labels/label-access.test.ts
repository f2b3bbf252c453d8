// Who may manage repository labels over real HTTP: readers list them, push
// access manages them (triage is not enough), anonymous callers read a public
// repository's, and installation tokens by their `issues` permission, named
// as the bot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { grant } from '../test-support/grant.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let repoId: number;

const REPO = '/repos/alice/labelled';

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob },
    repo: { id: repoId },
  } = await startRepositoryFixture('labelled', { users: ['bob'], private: true }));
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;

describe('who may manage labels', () => {
  it('anyone who can read lists them; managing them needs push access (triage is not enough)', async () => {
    // Private repository: bob sees nothing until granted.
    expect((await server.api(`${REPO}/labels`, { token: bob.token })).status).toBe(403);
    expect((await server.api(`${REPO}/labels`)).status).toBe(404);
    for (const [permission, mayWrite] of [
      ['read', false],
      ['triage', false],
      ['write', true],
      ['maintain', true],
    ] as const) {
      await grant(server, repoId, bob.id, permission);
      expect((await server.api(`${REPO}/labels/bug`, { token: bob.token })).status, permission).toBe(200);
      const name = `by-${permission}`;
      const created = await server.api(`${REPO}/labels`, { method: 'POST', token: bob.token, body: { name } });
      expect(created.status, permission).toBe(mayWrite ? 201 : 403);
      if (!mayWrite) expect((await json(created)).message).toBe('Must have push access to Repository.');
      const patched = await server.api(`${REPO}/labels/wontfix`, {
        method: 'PATCH',
        token: bob.token,
        body: { description: permission },
      });
      expect(patched.status, permission).toBe(mayWrite ? 200 : 403);
      const deleted = await server.api(`${REPO}/labels/${mayWrite ? name : 'invalid'}`, {
        method: 'DELETE',
        token: bob.token,
      });
      expect(deleted.status, permission).toBe(mayWrite ? 204 : 403);
    }
  });

  it('anonymous callers may read a public repository’s labels and must sign in to change them', async () => {
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'open' } });
    expect((await server.api('/repos/alice/open/labels')).status).toBe(200);
    expect((await server.api('/repos/alice/open/labels', { method: 'POST', body: { name: 'x' } })).status).toBe(401);
  });
});

describe('apps', () => {
  it('an installation token manages labels with `issues: write`, reads them with `issues: read`, and is named as the bot', async () => {
    const now = Math.floor(Date.now() / 1000);
    const writer = await createTestApp(server, alice.id, 'Labeller', { issues: 'write' });
    const writerInstallation = await installTestApp(server, writer.app, alice.id);
    const { body: token } = await requestInstallationToken(server, await appJwt(writer, now), writerInstallation.id);
    const created = await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: token.token,
      body: { name: 'from-app' },
    });
    expect(created.status).toBe(201);
    const milestone = await server.api(`${REPO}/milestones`, {
      method: 'POST',
      token: token.token,
      body: { title: 'by the app' },
    });
    expect(milestone.status).toBe(201);
    expect((await json(milestone)).creator).toMatchObject({ login: 'labeller[bot]', type: 'Bot' });
    // Its repository `permissions` read as triage: it may label, not push.
    expect((await json(await server.api(REPO, { token: token.token }))).permissions).toEqual({
      admin: false,
      maintain: false,
      push: false,
      triage: true,
      pull: true,
    });

    const reader = await createTestApp(server, alice.id, 'Label Reader', { issues: 'read' });
    const readerInstallation = await installTestApp(server, reader.app, alice.id);
    const { body: readToken } = await requestInstallationToken(
      server,
      await appJwt(reader, now),
      readerInstallation.id,
    );
    expect((await server.api(`${REPO}/labels/from-app`, { token: readToken.token })).status).toBe(200);
    const refused = await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: readToken.token,
      body: { name: 'nope' },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe('Resource not accessible by integration');
  });
});
