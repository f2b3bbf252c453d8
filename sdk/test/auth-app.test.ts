// createAppAuth against a live Wharf: app JWTs from PKCS#1 and PKCS#8 keys,
// installation tokens that work, narrowing, the server's refusals as
// WharfAuthError, the cache (reuse, one request for concurrent callers), and
// a client that sends the JWT or the installation token as each operation needs.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { createTestApp, installTestApp, type TestApp } from '../../server/test-support/apps.js';
import { createAppAuth, requiresAppJwt, WharfAuthError, type FetchLike } from '../src/auth/index.js';
import { createClient } from '../src/index.js';

let server: TestServer;
let owner: TestUser;
let app: TestApp;
let installationId: number;
let repoIds: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('sdk-owner');
  repoIds = {};
  for (const name of ['one', 'two']) {
    const res = await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name } });
    repoIds[name] = ((await res.json()) as { id: number }).id;
  }
  app = await createTestApp(server, owner.id, 'SDK App', { contents: 'write', metadata: 'read' });
  installationId = (await installTestApp(server, app.app, owner.id)).id;
});
afterAll(() => server.close());

/** A fetch that counts the installation-token requests going through it. */
function countingFetch() {
  const counter = { tokenRequests: 0 };
  const fetchFn: FetchLike = (url, init) => {
    if (url.endsWith('/access_tokens')) counter.tokenRequests++;
    return fetch(url, init);
  };
  return { counter, fetchFn };
}

const auth = (extra: Partial<Parameters<typeof createAppAuth>[0]> = {}) =>
  createAppAuth({ baseUrl: server.url, appId: app.app.id, privateKey: app.privateKeyPem, installationId, ...extra });

async function repositoryNames(token: string): Promise<string[]> {
  const res = await server.api('/installation/repositories', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { repositories: { name: string }[] }).repositories.map((r) => r.name);
}

describe('createAppAuth', () => {
  it('gets an installation token (PKCS#1 key) that works on GET /installation/repositories', async () => {
    const token = await auth().token();
    expect(token).toMatch(/^ghs_/);
    expect(await repositoryNames(token)).toEqual(['one', 'two']);
  });

  it('signs app JWTs from a PKCS#8 key too, with a string app id, under /api/v3', async () => {
    const pkcs8 = app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const appAuth = auth({ privateKey: pkcs8, appId: String(app.app.id), baseUrl: `${server.url}/api/v3/` });
    const me = await server.api('/app', { token: await appAuth.appToken() });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(app.app.id);
    expect((await appAuth.installationToken()).installationId).toBe(installationId);
  });

  it('narrows by repository names, ids and permissions', async () => {
    const byName = await auth().installationToken({ repositories: ['two'], permissions: { contents: 'read' } });
    expect(byName).toMatchObject({
      repositorySelection: 'selected',
      repositoryNames: ['two'],
      permissions: { contents: 'read', metadata: 'read' },
    });
    expect(await repositoryNames(byName.token)).toEqual(['two']);
    const byId = await auth().installationToken({ repositoryIds: [repoIds.one!] });
    expect(await repositoryNames(byId.token)).toEqual(['one']);
    expect(byId.permissions).toEqual({ contents: 'write', metadata: 'read' });
  });

  it('surfaces the server’s refusals as WharfAuthError with status and message', async () => {
    const outside = auth().installationToken({ repositories: ['not-there'] });
    await expect(outside).rejects.toBeInstanceOf(WharfAuthError);
    await expect(outside).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('not accessible to the parent installation'),
    });
    await expect(auth().installationToken({ installationId: installationId + 1000 })).rejects.toMatchObject({
      status: 404,
    });
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    await expect(auth({ privateKey: otherKey }).token()).rejects.toMatchObject({
      status: 401,
      message: 'A JSON web token could not be decoded',
    });
    await expect(auth({ installationId: undefined }).installationToken()).rejects.toThrow(/no installationId/);
  });

  it('caches a token per request and reuses it', async () => {
    const { counter, fetchFn } = countingFetch();
    const appAuth = auth({ fetch: fetchFn });
    const first = await appAuth.token();
    expect(await appAuth.token()).toBe(first);
    expect((await appAuth.installationToken({})).token).toBe(first);
    expect(counter.tokenRequests).toBe(1);
    // Narrowed differently (in any order): another token, then cached as well.
    const narrowed = await appAuth.installationToken({ repositories: ['two', 'one'] });
    expect(narrowed.token).not.toBe(first);
    expect((await appAuth.installationToken({ repositories: ['one', 'two'] })).token).toBe(narrowed.token);
    expect(counter.tokenRequests).toBe(2);
    expect((await appAuth.installationToken({ refresh: true })).token).not.toBe(first);
    expect(counter.tokenRequests).toBe(3);
  });

  it('makes one request for concurrent callers, and does not cache a failure', async () => {
    const { counter, fetchFn } = countingFetch();
    const appAuth = auth({ fetch: fetchFn });
    const tokens = await Promise.all(Array.from({ length: 8 }, () => appAuth.token()));
    expect(new Set(tokens).size).toBe(1);
    expect(counter.tokenRequests).toBe(1);

    let fail = true;
    const flaky = auth({
      fetch: (url, init) => (fail ? Promise.reject(new TypeError('network down')) : fetch(url, init)),
    });
    await expect(Promise.all([flaky.token(), flaky.token()])).rejects.toThrow('network down');
    fail = false;
    expect(await flaky.token()).toMatch(/^ghs_/);
  });
});

describe('createClient({ auth: createAppAuth(…) })', () => {
  it('sends the app JWT to the JWT-only operations and the installation token elsewhere', async () => {
    const client = createClient({ baseUrl: server.url, auth: auth() });
    const me = await client.apps.getAuthenticated();
    expect(me.response.status).toBe(200);
    expect(me.data?.id).toBe(app.app.id);
    const installations = await client.apps.listInstallations();
    expect(installations.data?.map((installation) => installation.id)).toEqual([installationId]);
    const one = await client.apps.getInstallation({ installation_id: installationId });
    expect(one.data?.id).toBe(installationId);
    const byRepo = await client.apps.getRepoInstallation({ owner: 'sdk-owner', repo: 'one' });
    expect(byRepo.data?.id).toBe(installationId);
    const byUser = await client.apps.getUserInstallation({ username: 'sdk-owner' });
    expect(byUser.data?.id).toBe(installationId);
    const fresh = await client.apps.createInstallationAccessToken({
      installation_id: installationId,
      body: { repositories: ['two'] },
    });
    expect(fresh.response.status).toBe(201);
    expect(fresh.data?.token).toMatch(/^ghs_/);

    // The installation's own operations take its token, which the JWT is not.
    const repos = await client.apps.listReposAccessibleToInstallation();
    expect(repos.data?.repositories.map((repo) => repo.name)).toEqual(['one', 'two']);
    const repo = await client.repos.get({ owner: 'sdk-owner', repo: 'two' });
    expect(repo.data?.full_name).toBe('sdk-owner/two');
    // By path, as openapi-fetch's own methods and paginate name it, the same choice is made.
    const byPath = await client.GET('/app/installations/{installation_id}', {
      params: { path: { installation_id: installationId } },
    });
    expect(byPath.data?.id).toBe(installationId);
    const names: string[] = [];
    for await (const installation of client.paginate(client.apps.listInstallations))
      names.push(String(installation.id));
    expect(names).toEqual([String(installationId)]);
  });

  it('sends the app JWT everywhere without an installationId', async () => {
    const client = createClient({ baseUrl: server.url, auth: auth({ installationId: undefined }) });
    expect((await client.apps.getAuthenticated()).data?.id).toBe(app.app.id);
    const token = await client.apps.createInstallationAccessToken({ installation_id: installationId });
    expect(token.response.status).toBe(201);
    // An installation's operation refuses the JWT, as on GitHub.
    const repos = await client.apps.listReposAccessibleToInstallation();
    expect(repos.error).toBeDefined();
    expect([401, 403]).toContain(repos.response.status);
  });

  it('knows the JWT-only operations from the contract', () => {
    expect(requiresAppJwt('apps/get-authenticated')).toBe(true);
    expect(requiresAppJwt('apps/get-org-installation')).toBe(true);
    expect(requiresAppJwt('apps/update-webhook-config-for-app')).toBe(true);
    expect(requiresAppJwt('apps/list-repos-accessible-to-installation')).toBe(false);
    expect(requiresAppJwt('repos/get')).toBe(false);
  });
});
