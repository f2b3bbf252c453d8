// Installation tokens: what POST …/access_tokens returns and how a request
// narrows it, GET /installation/repositories, expiry and uninstalling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { eventually } from '../test-support/cli.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { installApp, uninstall } from './apps-store.js';

const START = Date.parse('2026-03-01T12:00:00Z');
let clock = START;
const nowS = () => Math.floor(clock / 1000);

let server: TestServer;
let owner: TestUser;
let app: TestApp;
const repoIds: Record<string, number> = {};

async function createRepo(user: TestUser, name: string, isPrivate = false): Promise<number> {
  const response = await server.createRepo(user.token, { name, private: isPrivate });
  return (response as { id: number }).id;
}

async function token(installationId: number, body?: unknown) {
  const result = await requestInstallationToken(server, await appJwt(app, nowS()), installationId, body);
  return result;
}

const listRepos = (tokenText: string, query = '') =>
  server.api(`/installation/repositories${query}`, { token: tokenText });

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
  owner = await server.createUser('inst-owner');
  for (const name of ['alpha', 'beta', 'gamma']) repoIds[name] = await createRepo(owner, name, name === 'gamma');
  app = await createTestApp(server, owner.id, 'Token Issuer', {
    contents: 'write',
    issues: 'write',
    repository_hooks: 'read',
  });
});
afterAll(() => server.close());

describe('POST /app/installations/{id}/access_tokens', () => {
  it("issues a one-hour token with the installation's permissions; all repositories → no list", async () => {
    const installation = await installTestApp(server, app.app, owner.id);
    const { status, body } = await token(installation.id);
    expect(status).toBe(201);
    expect(body.expires_at).toBe(new Date(START + 3_600_000).toISOString().replace('.000', ''));
    expect(body.permissions).toEqual({
      contents: 'write',
      issues: 'write',
      metadata: 'read',
      repository_hooks: 'read',
    });
    expect(body.repository_selection).toBe('all');
    expect(body.repositories).toBeUndefined();
    expectBothSchemas(
      body,
      { path: '/app/installations/{installation_id}/access_tokens', method: 'post', status: 201 },
      { operationId: 'apps/create-installation-access-token' },
    );
    const listed = await listRepos(body.token);
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as {
      total_count: number;
      repository_selection: string;
      repositories: { full_name: string }[];
    };
    expectBothSchemas(
      page,
      { path: '/installation/repositories', method: 'get' },
      { operationId: 'apps/list-repos-accessible-to-installation' },
    );
    expect(page.total_count).toBe(3);
    expect(page.repository_selection).toBe('all');
    expect(page.repositories.map((r) => r.full_name)).toEqual([
      'inst-owner/alpha',
      'inst-owner/beta',
      'inst-owner/gamma',
    ]);
  });

  it('takes a body of null, an empty one, or permissions {} as "no options": nothing narrowed', async () => {
    const installation = await installTestApp(server, app.app, owner.id);
    const jwt = await appJwt(app, nowS());
    const post = (rawBody: string | undefined) =>
      server.api(`/app/installations/${installation.id}/access_tokens`, { method: 'POST', token: jwt, rawBody });
    // go-github and ghinstallation send `null`; PyGithub's GithubIntegration sends {"permissions": {}}.
    for (const rawBody of ['null', '', undefined, '{}', '{"permissions":{}}']) {
      const response = await post(rawBody);
      expect(response.status, String(rawBody)).toBe(201);
      expect(((await response.json()) as { permissions: object }).permissions).toEqual({
        contents: 'write',
        issues: 'write',
        metadata: 'read',
        repository_hooks: 'read',
      });
    }
    for (const rawBody of ['[]', '"x"', '1']) expect((await post(rawBody)).status, rawBody).toBe(400);
  });

  it('a selected installation lists its repositories in the token response', async () => {
    const installation = await installTestApp(server, app.app, owner.id, {
      repositoryIds: [repoIds.beta!, repoIds.gamma!],
    });
    const { body } = await token(installation.id);
    expect(body.repository_selection).toBe('selected');
    expect(body.repositories.map((r: { name: string }) => r.name)).toEqual(['beta', 'gamma']);
    expect(body.repositories[0].node_id).toMatch(/^R_/);
    expectBothSchemas(
      body,
      { path: '/app/installations/{installation_id}/access_tokens', method: 'post', status: 201 },
      { operationId: 'apps/create-installation-access-token' },
    );
    await installTestApp(server, app.app, owner.id); // back to all
  });

  it('narrows by repository names, ids and permissions', async () => {
    const installation = await installTestApp(server, app.app, owner.id);
    const { status, body } = await token(installation.id, {
      repositories: ['ALPHA'],
      repository_ids: [repoIds.gamma],
      permissions: { contents: 'read' },
    });
    expect(status).toBe(201);
    expect(body.repository_selection).toBe('selected');
    expect(body.repositories.map((r: { name: string }) => r.name).sort()).toEqual(['alpha', 'gamma']);
    expect(body.permissions).toEqual({ contents: 'read', metadata: 'read' });
    const page = (await (await listRepos(body.token)).json()) as { total_count: number; repository_selection: string };
    expect(page).toMatchObject({ total_count: 2, repository_selection: 'selected' });
  });

  it('cannot widen: a permission beyond the installation, or a repository outside it, is 422', async () => {
    const stranger = await server.createUser('inst-stranger');
    const foreign = await createRepo(stranger, 'elsewhere');
    const installation = await installTestApp(server, app.app, owner.id, { repositoryIds: [repoIds.alpha!] });
    const cases: [unknown, string][] = [
      [{ permissions: { administration: 'write' } }, 'The permissions requested are not granted to this installation.'],
      [
        { permissions: { repository_hooks: 'write' } },
        'The permissions requested are not granted to this installation.',
      ],
      [
        { repositories: ['beta'] },
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
      ],
      [
        { repositories: ['no-such-repo'] },
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
      ],
      // Found by the contract fuzzer: NUL in a name was a 500 (PostgreSQL refuses it in a query).
      [
        { repositories: ['alpha\u0000'] },
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
      ],
      [
        { repository_ids: [foreign] },
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
      ],
    ];
    for (const [body, message] of cases) {
      const result = await token(installation.id, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.message).toBe(message);
      expect(result.body.errors).toHaveLength(1);
    }
    expect((await token(installation.id, { permissions: { contents: 'sideways' } })).status).toBe(422);
    await installTestApp(server, app.app, owner.id);
  });
});

describe('GET /installation/repositories', () => {
  it('paginates with per_page/page and Link, each repository once', async () => {
    const { body } = await token((await installTestApp(server, app.app, owner.id)).id);
    const first = await listRepos(body.token, '?per_page=2');
    expect(first.headers.get('link')).toContain(
      `<${server.url}/api/v3/installation/repositories?per_page=2&page=2>; rel="next"`,
    );
    const second = await listRepos(body.token, '?per_page=2&page=2');
    const names = [first, second].map(async (r) =>
      ((await r.json()) as { repositories: { name: string }[] }).repositories.map((x) => x.name),
    );
    expect((await Promise.all(names)).flat()).toEqual(['alpha', 'beta', 'gamma']);
    // Pages past the middle are read from the end: still the same order, one at a time.
    const single = await Promise.all(
      [1, 2, 3, 4].map(async (n) =>
        (
          (await (await listRepos(body.token, `?per_page=1&page=${n}`)).json()) as { repositories: { name: string }[] }
        ).repositories.map((x) => x.name),
      ),
    );
    expect(single).toEqual([['alpha'], ['beta'], ['gamma'], []]);
  });

  it('is only for installation tokens', async () => {
    const response = await listRepos(owner.token);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/installation access token/);
  });
});

describe('token lifetime', () => {
  it('stops working at expires_at (401)', async () => {
    const { body } = await token((await installTestApp(server, app.app, owner.id)).id);
    expect((await listRepos(body.token)).status).toBe(200);
    clock = START + 3_600_000;
    try {
      const expired = await listRepos(body.token);
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { message: string }).message).toBe('requires authentication');
    } finally {
      clock = START;
    }
  });

  it('follows its installation: removed repositories drop out, uninstalling ends it', async () => {
    const installation = await installTestApp(server, app.app, owner.id);
    const { body } = await token(installation.id);
    // Changed from another connection (as the CLI does): the server learns of it by NOTIFY.
    await installApp(server.sql, app.app, owner.id, { repositoryIds: [repoIds.alpha!], urls: server.services.urls });
    const narrowed = await eventually(
      async () => (await (await listRepos(body.token)).json()) as { total_count: number; repository_selection: string },
      (page) => page.total_count === 1,
    );
    expect(narrowed).toMatchObject({ total_count: 1, repository_selection: 'selected' });
    expect((await server.api('/repos/inst-owner/gamma', { token: body.token })).status).toBe(403);
    expect(await uninstall(server.sql, installation.id, server.services.urls)).toBe(true);
    expect(
      (
        await eventually(
          () => listRepos(body.token),
          (r) => r.status === 401,
        )
      ).status,
    ).toBe(401);
    expect((await token(installation.id)).status).toBe(404);
  });
});
