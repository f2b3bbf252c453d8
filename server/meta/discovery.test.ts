// Discovery as GitHub Enterprise Server answers it: the API root at `/` and
// `/api/v3/` (Renovate's `HEAD {endpoint}` probe, which stops on anything but
// 2xx), GET /meta with `installed_version`, and X-GitHub-Enterprise-Version on
// every REST and GraphQL answer, whoever asks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInstallationToken } from '../apps/installation-tokens.js';
import { ENTERPRISE_VERSION } from '../http/api-version.js';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let installationToken: string;

/** The keys of GitHub Enterprise Server's own `root` schema (@octokit/openapi's GHES description). */
function ghesRootKeys(): string[] {
  const path = createRequire(import.meta.url).resolve('@octokit/openapi/generated/ghes-3.17.json');
  const description = JSON.parse(readFileSync(path, 'utf8')) as {
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };
  return Object.keys(description.components.schemas.root!.properties).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  const app = await createTestApp(server, alice.id, 'probe');
  const installation = await installTestApp(server, app.app, alice.id);
  installationToken = (await issueInstallationToken(server.services, app.app.bot_id, installation, {})).token;
});
afterAll(async () => {
  await server?.close();
});

describe('the API root', () => {
  it.each([
    ['/', ''],
    ['/api/v3/', '/api/v3'],
    ['/api/v3', '/api/v3'],
  ])('GET %s answers GitHub’s index with URLs under the base the request used', async (path, prefix) => {
    const res = await server.api(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, string>;
    expect(githubResponseErrors('meta/root', 200, body)).toBe('');
    expect(Object.keys(body).sort()).toEqual(ghesRootKeys());
    expect(body.current_user_url).toBe(`${server.url}${prefix}/user`);
    expect(body.repository_url).toBe(`${server.url}${prefix}/repos/{owner}/{repo}`);
    expect(body.current_user_authorizations_html_url).toBe(
      `${server.url}/settings/connections/applications{/client_id}`,
    );
    // The templates it names for what Wharf has lead somewhere.
    const rateLimit = await server.api(body.rate_limit_url!.slice(server.url.length));
    expect(rateLimit.status).toBe(200);
  });

  it('answers HEAD with 200 and the enterprise version, anonymously and to each kind of token (Renovate’s probe)', async () => {
    for (const path of ['/', '/api/v3/', '/api/v3']) {
      for (const token of [undefined, alice.token, installationToken]) {
        const res = await server.api(path, { method: 'HEAD', token });
        expect(res.status, `${path} ${token?.slice(0, 4)}`).toBe(200);
        expect(res.headers.get('x-github-enterprise-version')).toBe(ENTERPRISE_VERSION);
        expect(await res.text()).toBe('');
      }
    }
  });

  it('refuses a wrong token as every operation does (401)', async () => {
    const res = await server.api('/api/v3/', { token: 'ghp_notarealtoken000000000000000000000000' });
    expect(res.status).toBe(401);
  });
});

describe('GET /meta', () => {
  it('answers GitHub Enterprise Server’s form: no password authentication, the installed version', async () => {
    for (const path of ['/meta', '/api/v3/meta']) {
      const res = await server.api(path);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(githubResponseErrors('meta/get', 200, body)).toBe('');
      expect(body).toEqual({ verifiable_password_authentication: false, installed_version: ENTERPRISE_VERSION });
    }
  });
});

describe('X-GitHub-Enterprise-Version', () => {
  it('is a semantic version, on REST answers of every kind and on GraphQL', async () => {
    expect(ENTERPRISE_VERSION).toMatch(/^3\.\d+\.\d+$/);
    const answers = [
      await server.api('/user', { token: alice.token }),
      await server.api('/repos/alice/missing', { token: alice.token }),
      await server.api('/user'),
      await server.api('/no/such/path'),
      await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { login } }' }),
      }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 401, 404, 200]);
    for (const res of answers) {
      expect(res.headers.get('x-github-enterprise-version')).toBe(ENTERPRISE_VERSION);
      expect(res.headers.get('x-github-media-type')).toBe('github.v3; format=json');
    }
  });
});
