// Repository labels over real HTTP: GitHub's default labels on a new
// repository (and none added to an existing one), CRUD with GitHub's bodies,
// names unique and found whatever their case, 422 shapes, push access to
// manage them, and both base URL forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { grant } from '../test-support/grant.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { DEFAULT_LABELS } from './default-labels.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let repoId: number;

const REPO = '/repos/alice/labelled';

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  const res = await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'labelled', private: true },
  });
  repoId = ((await res.json()) as { id: number }).id;
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;

describe('default labels', () => {
  it("a new repository has GitHub's nine, in its colors and words, in the same transaction", async () => {
    const res = await server.api(`${REPO}/labels`, { token: alice.token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expectBothSchemas(
      body,
      { path: '/repos/{owner}/{repo}/labels', method: 'get' },
      { operationId: 'issues/list-labels-for-repo' },
    );
    expect(body.map((l: any) => [l.name, l.color, l.description, l.default])).toEqual(
      DEFAULT_LABELS.map((l) => [l.name, l.color, l.description, true]),
    );
    expect(body[0]).toMatchObject({
      name: 'bug',
      color: 'd73a4a',
      description: "Something isn't working",
      url: `${server.url}/api/v3${REPO}/labels/bug`,
    });
    expect(body[0].node_id).toMatch(/^LA_/);
    expect(body.find((l: any) => l.name === 'good first issue').url).toBe(
      `${server.url}/api/v3${REPO}/labels/good%20first%20issue`,
    );
  });

  it('are not added to a repository that existed before (only creation adds them)', async () => {
    const id = await server.sql.begin((tx) =>
      server.services.repos.insert(tx, alice.id, { name: 'older', private: false }),
    );
    server.services.bus.applyLocally(`repo:${id}`);
    const body = await json(await server.api('/repos/alice/older/labels', { token: alice.token }));
    expect(body).toEqual([]);
  });
});

describe('label CRUD', () => {
  it('creates (201, Location, default color), gets by any case, updates and deletes', async () => {
    const created = await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: alice.token,
      body: { name: 'Needs Review', description: 'Look at me' },
    });
    expect(created.status).toBe(201);
    const label = await json(created);
    expectBothSchemas(
      label,
      { path: '/repos/{owner}/{repo}/labels', method: 'post', status: 201 },
      { operationId: 'issues/create-label' },
    );
    expect(label).toMatchObject({ name: 'Needs Review', color: 'ededed', description: 'Look at me', default: false });
    expect(created.headers.get('location')).toBe(label.url);
    expect(label.url).toBe(`${server.url}/api/v3${REPO}/labels/Needs%20Review`);

    const got = await server.api(`${REPO}/labels/needs%20review`, { token: alice.token });
    expect(got.status).toBe(200);
    const gotBody = await json(got);
    expectBothSchemas(
      gotBody,
      { path: '/repos/{owner}/{repo}/labels/{name}', method: 'get' },
      { operationId: 'issues/get-label' },
    );
    expect(gotBody).toEqual(label);

    const updated = await server.api(`${REPO}/labels/Needs%20Review`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'reviewed ✓', color: 'B01F26' },
    });
    expect(updated.status).toBe(200);
    const updatedBody = await json(updated);
    expectBothSchemas(
      updatedBody,
      { path: '/repos/{owner}/{repo}/labels/{name}', method: 'patch' },
      { operationId: 'issues/update-label' },
    );
    expect(updatedBody).toMatchObject({
      id: label.id,
      node_id: label.node_id,
      name: 'reviewed ✓',
      color: 'B01F26',
      description: 'Look at me',
    });
    expect((await server.api(`${REPO}/labels/Needs%20Review`, { token: alice.token })).status).toBe(404);

    const cleared = await json(
      await server.api(`${REPO}/labels/${encodeURIComponent('reviewed ✓')}`, {
        method: 'PATCH',
        token: alice.token,
        body: { description: null },
      }),
    );
    expect(cleared.description).toBeNull();

    const deleted = await server.api(`${REPO}/labels/${encodeURIComponent('REVIEWED ✓')}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await server.api(`${REPO}/labels/${encodeURIComponent('reviewed ✓')}`, { token: alice.token })).status,
    ).toBe(404);
    expect(
      (await server.api(`${REPO}/labels/${encodeURIComponent('reviewed ✓')}`, { method: 'DELETE', token: alice.token }))
        .status,
    ).toBe(404);
  });

  it('serves names with slashes and percent signs, encoded in the path', async () => {
    for (const name of ['area/api', '100% done', 'a?b#c']) {
      const created = await json(
        await server.api(`${REPO}/labels`, { method: 'POST', token: alice.token, body: { name } }),
      );
      expect(created.url).toBe(`${server.url}/api/v3${REPO}/labels/${encodeURIComponent(name)}`);
      const got = await server.api(`${REPO}/labels/${encodeURIComponent(name)}`, { token: alice.token });
      expect(got.status, name).toBe(200);
      expect((await json(got)).name).toBe(name);
    }
  });

  it('refuses a name another label has, whatever its case: 422 already_exists, as GitHub', async () => {
    const res = await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: alice.token,
      body: { name: 'BUG', color: '000000' },
    });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.message).toBe('Validation Failed');
    expect(body.errors).toEqual([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    const rename = await server.api(`${REPO}/labels/question`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'Invalid' },
    });
    expect(rename.status).toBe(422);
    expect((await json(rename)).errors).toEqual([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    // A change of case of its own name is no conflict.
    const recase = await server.api(`${REPO}/labels/question`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'Question' },
    });
    expect(recase.status).toBe(200);
  });

  it('refuses bad colors, names and descriptions with 422 invalid', async () => {
    const cases: Record<string, unknown>[] = [
      { name: 'x1', color: '#ffffff' },
      { name: 'x2', color: 'fff' },
      { name: 'x3', color: 'zzzzzz' },
      { name: '' },
      { name: '   ' },
      { name: '.' },
      { name: '..' },
      { name: 'x4', description: 'd'.repeat(101) },
      { name: 'nul\u0000' },
      { color: 'ffffff' },
    ];
    for (const body of cases) {
      const res = await server.api(`${REPO}/labels`, { method: 'POST', token: alice.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const errors = (await json(res)).errors as { resource: string; code: string }[];
      expect(
        errors.every((e) => e.resource === 'Label'),
        JSON.stringify(errors),
      ).toBe(true);
      expect(errors.map((e) => e.code)[0]).toMatch(/^(invalid|missing_field)$/);
    }
    const patch = await server.api(`${REPO}/labels/bug`, {
      method: 'PATCH',
      token: alice.token,
      body: { color: 'red' },
    });
    expect(patch.status).toBe(422);
    expect((await json(patch)).errors[0]).toMatchObject({ resource: 'Label', field: 'color', code: 'invalid' });
  });

  it('paginates with per_page, page and Link', async () => {
    const res = await server.api(`${REPO}/labels?per_page=2&page=2`, { token: alice.token });
    const body = await json(res);
    expect(body).toHaveLength(2);
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(res.headers.get('link')).toContain('rel="prev"');
  });

  it('answers under /api/v3 too, with the same URLs', async () => {
    const res = await server.api(`/api/v3${REPO}/labels/bug`, { token: alice.token });
    expect(res.status).toBe(200);
    expect((await json(res)).url).toBe(`${server.url}/api/v3${REPO}/labels/bug`);
  });
});

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
