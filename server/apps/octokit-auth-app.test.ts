// Octokit's own GitHub App authentication (@octokit/auth-app) against Wharf,
// with only the base URL changed: it signs the app JWT, gets installation
// tokens (narrowed or not) and authenticates requests with them.
import { createAppAuth } from '@octokit/auth-app';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { createTestApp, installTestApp, type TestApp } from '../test-support/apps.js';

let skewMs = 0;
let server: TestServer;
let owner: TestUser;
let app: TestApp;
let installationId: number;
let mainSha: string;

beforeAll(async () => {
  server = await startTestServer({}, { now: () => Date.now() + skewMs });
  owner = await server.createUser('octo-owner');
  for (const name of ['one', 'two']) {
    await server.createRepo(owner.token, { name, auto_init: true });
  }
  const ref = (await (await server.api('/repos/octo-owner/one/git/ref/heads/main', { token: owner.token })).json()) as {
    object: { sha: string };
  };
  mainSha = ref.object.sha;
  app = await createTestApp(server, owner.id, 'Octo App', { contents: 'write', metadata: 'read' });
  installationId = (await installTestApp(server, app.app, owner.id)).id;
});
afterAll(() => server.close());

const octokitRequest = () => request.defaults({ baseUrl: server.url });

describe('@octokit/auth-app', () => {
  it('gets an installation token and uses it', async () => {
    const auth = createAppAuth({
      appId: app.app.id,
      privateKey: app.privateKeyPem,
      installationId,
      request: octokitRequest(),
    });
    const installation = await auth({ type: 'installation' });
    expect(installation).toMatchObject({
      type: 'token',
      tokenType: 'installation',
      installationId,
      repositorySelection: 'all',
    });
    expect(installation.token).toMatch(/^ghs_/);
    expect(installation.permissions).toEqual({ contents: 'write', metadata: 'read' });
    expect(Date.parse(installation.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);

    const { data } = await octokitRequest()('GET /installation/repositories', {
      headers: { authorization: `token ${installation.token}` },
    });
    expect(data.repositories.map((r: { name: string }) => r.name)).toEqual(['one', 'two']);
  });

  it('authenticates requests through its hook (JWT for app routes, installation token elsewhere)', async () => {
    const auth = createAppAuth({
      appId: app.app.id,
      privateKey: app.privateKeyPem,
      installationId,
      request: octokitRequest(),
    });
    const requestWithAuth = octokitRequest().defaults({ request: { hook: auth.hook } });
    const created = await requestWithAuth('POST /repos/{owner}/{repo}/git/refs', {
      owner: 'octo-owner',
      repo: 'one',
      ref: 'refs/heads/octokit',
      sha: mainSha,
    });
    expect(created.status).toBe(201);
    const { data } = await requestWithAuth('GET /installation/repositories');
    expect(data.total_count).toBe(2);
  });

  it('narrows tokens by repository names, ids and permissions', async () => {
    const auth = createAppAuth({
      appId: app.app.id,
      privateKey: app.privateKeyPem,
      installationId,
      request: octokitRequest(),
    });
    const narrowed = await auth({
      type: 'installation',
      repositoryNames: ['two'],
      permissions: { contents: 'read' },
      refresh: true,
    });
    expect(narrowed.repositorySelection).toBe('selected');
    expect(narrowed.repositoryNames).toEqual(['two']);
    expect(narrowed.permissions).toEqual({ contents: 'read', metadata: 'read' });
    const refused = await fetch(`${server.url}/repos/octo-owner/two/git/refs`, {
      method: 'POST',
      headers: { authorization: `token ${narrowed.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ref: 'refs/heads/nope', sha: mainSha }),
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a JWT issued in the future with the message Octokit treats as clock skew, which it then corrects from the Date header', async () => {
    const warnings: string[] = [];
    const log = {
      warn: (message: string) => void warnings.push(message),
      debug: () => {},
      info: () => {},
      error: () => {},
    };
    skewMs = -5 * 60_000; // the server's clock 5 minutes behind the app's
    try {
      const auth = createAppAuth({
        appId: app.app.id,
        privateKey: app.privateKeyPem,
        installationId,
        request: octokitRequest(),
        log,
      });
      // The hook is where auth-app handles skew (for app routes, signed with the JWT).
      const requestWithAuth = octokitRequest().defaults({ request: { hook: auth.hook } });
      const issued = await requestWithAuth('POST /app/installations/{installation_id}/access_tokens', {
        installation_id: installationId,
      });
      // auth-app recognised the message, read the server's time from its Date header and succeeded on its retry.
      expect(issued.status).toBe(201);
      expect(warnings.some((w) => w.includes('GitHub API time and system time are different'))).toBe(true);
    } finally {
      skewMs = 0;
    }
  });
});
