// The app's own endpoints (JWT): GET /app, its installations by id, list,
// repository, user and organization; and DELETE /installation/token. Ends with
// what actions/create-github-app-token does, through @octokit/auth-app.
import { createAppAuth } from '@octokit/auth-app';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { JWT_MESSAGES } from './app-jwt.js';

let server: TestServer;
let alice: TestUser;
let app: TestApp;
let other: TestApp;
let userInstallation: number;
let orgInstallation: number;

const nowS = () => Math.floor(Date.now() / 1000);
const asApp = async (path: string, who: TestApp = app) => server.api(path, { token: await appJwt(who, nowS()) });
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('inst-alice');
  const org = await server.createOrg('inst-org', alice.id);
  const ids: Record<string, number> = {};
  for (const [path, name, isPrivate] of [
    ['/user/repos', 'chosen', true],
    ['/user/repos', 'unchosen', false],
    ['/orgs/inst-org/repos', 'org-repo', false],
  ] as const) {
    const res = await server.api(path, { method: 'POST', token: alice.token, body: { name, private: isPrivate } });
    ids[name] = ((await res.json()) as { id: number }).id;
  }
  app = await createTestApp(server, alice.id, 'Finder App', { contents: 'read' }, ['push']);
  other = await createTestApp(server, alice.id, 'Other Finder');
  userInstallation = (await installTestApp(server, app.app, alice.id, { repositoryIds: [ids.chosen!] })).id;
  orgInstallation = (await installTestApp(server, app.app, org.id)).id;
  await installTestApp(server, other.app, alice.id);
});
afterAll(() => server.close());

describe('GET /app', () => {
  it('describes the authenticated app', async () => {
    const res = await asApp('/app');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      id: app.app.id,
      slug: 'finder-app',
      name: 'Finder App',
      client_id: app.app.client_id,
      owner: { login: 'inst-alice' },
      permissions: { contents: 'read', metadata: 'read' },
      events: ['push'],
      installations_count: 2,
    });
    expect(body.node_id).toMatch(/^A_/);
    expectBothSchemas(body, { path: '/app', method: 'get' }, { operationId: 'apps/get-authenticated' });
  });

  it('wants a JWT, not a token', async () => {
    const res = await server.api('/app', { token: alice.token });
    expect(res.status).toBe(401);
    expect((await json(res)).message).toBe(JWT_MESSAGES.undecodable);
  });
});

describe('installations of the authenticated app', () => {
  it('lists them oldest first, paginated', async () => {
    const first = await asApp('/app/installations?per_page=1');
    expect(first.headers.get('link')).toContain(
      `<${server.url}/api/v3/app/installations?per_page=1&page=2>; rel="next"`,
    );
    const all = (await json(await asApp('/app/installations'))) as unknown as Record<string, any>[];
    expect(all.map((i) => [i.id, i.account.login, i.target_type, i.repository_selection])).toEqual([
      [userInstallation, 'inst-alice', 'User', 'selected'],
      [orgInstallation, 'inst-org', 'Organization', 'all'],
    ]);
    expectBothSchemas(all, { path: '/app/installations', method: 'get' }, { operationId: 'apps/list-installations' });
  });

  it("finds one by id; another app's is 404", async () => {
    const body = await json(await asApp(`/app/installations/${userInstallation}`));
    expect(body).toMatchObject({ id: userInstallation, app_id: app.app.id, app_slug: 'finder-app', events: ['push'] });
    expect(body.access_tokens_url).toBe(`${server.url}/api/v3/app/installations/${userInstallation}/access_tokens`);
    expect(body.repositories_url).toBe(`${server.url}/api/v3/installation/repositories`);
    expect(body.html_url).toBe(`${server.url}/settings/installations/${userInstallation}`);
    expectBothSchemas(
      body,
      { path: '/app/installations/{installation_id}', method: 'get' },
      { operationId: 'apps/get-installation' },
    );
    expect((await asApp(`/app/installations/${userInstallation}`, other)).status).toBe(404);
  });

  it('finds the one reaching a repository: selected or all; 404 when none', async () => {
    const byRepo = await json(await asApp('/repos/inst-alice/chosen/installation'));
    expect(byRepo.id).toBe(userInstallation);
    expectBothSchemas(
      byRepo,
      { path: '/repos/{owner}/{repo}/installation', method: 'get' },
      { operationId: 'apps/get-repo-installation' },
    );
    expect((await json(await asApp('/repos/inst-org/org-repo/installation'))).id).toBe(orgInstallation);
    expect((await asApp('/repos/inst-alice/unchosen/installation')).status).toBe(404);
    expect((await asApp('/repos/inst-alice/missing/installation')).status).toBe(404);
  });

  it('finds the one on a user or an organization, each by its own path', async () => {
    const byUser = await json(await asApp('/users/INST-ALICE/installation'));
    expect(byUser.id).toBe(userInstallation);
    expectBothSchemas(
      byUser,
      { path: '/users/{username}/installation', method: 'get' },
      { operationId: 'apps/get-user-installation' },
    );
    const byOrg = await json(await asApp('/orgs/inst-org/installation'));
    expect(byOrg.id).toBe(orgInstallation);
    expectBothSchemas(
      byOrg,
      { path: '/orgs/{org}/installation', method: 'get' },
      { operationId: 'apps/get-org-installation' },
    );
    expect((await asApp('/users/inst-org/installation')).status).toBe(404);
    expect((await asApp('/orgs/inst-alice/installation')).status).toBe(404);
  });
});

describe('DELETE /installation/token', () => {
  it('revokes the installation token it is called with, at once', async () => {
    const { body } = await requestInstallationToken(server, await appJwt(app, nowS()), orgInstallation);
    expect((await server.api('/installation/repositories', { token: body.token })).status).toBe(200);
    expect((await server.api('/installation/token', { method: 'DELETE', token: body.token })).status).toBe(204);
    expect((await server.api('/installation/repositories', { token: body.token })).status).toBe(401);
  });

  it('is 403 for other tokens, which keep working', async () => {
    expect((await server.api('/installation/token', { method: 'DELETE', token: alice.token })).status).toBe(403);
    expect((await server.api('/user', { token: alice.token })).status).toBe(200);
  });
});

describe('what actions/create-github-app-token does', () => {
  it('finds the installation for a repository, gets a token for it, uses it and revokes it', async () => {
    const octokit = request.defaults({ baseUrl: server.url });
    const auth = createAppAuth({ appId: app.app.id, privateKey: app.privateKeyPem, request: octokit });
    const appRequest = octokit.defaults({ request: { hook: auth.hook } });
    const { data: installation } = await appRequest('GET /repos/{owner}/{repo}/installation', {
      owner: 'inst-alice',
      repo: 'chosen',
    });
    const { token } = await auth({
      type: 'installation',
      installationId: installation.id,
      repositoryNames: ['chosen'],
    });
    const authorized = { headers: { authorization: `token ${token}` } };
    const { data: repos } = await octokit('GET /installation/repositories', authorized);
    expect(repos.repositories.map((r: { full_name: string }) => r.full_name)).toEqual(['inst-alice/chosen']);
    expect((await octokit('DELETE /installation/token', authorized)).status).toBe(204);
    await expect(octokit('GET /installation/repositories', authorized)).rejects.toMatchObject({ status: 401 });
  });
});
