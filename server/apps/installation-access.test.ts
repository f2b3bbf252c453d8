// What an installation token may do: only its installation's repositories and
// permissions (403 "Resource not accessible by integration" otherwise, with
// X-Accepted-GitHub-Permissions), public repositories elsewhere read-only,
// GitHub's user-only endpoints closed, in REST and GraphQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let app: TestApp;
let installationId: number;
let mainSha: string;

async function tokenWith(body?: unknown): Promise<string> {
  const { status, body: issued } = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installationId,
    body,
  );
  expect(status).toBe(201);
  return issued.token as string;
}

async function expectNotAccessible(response: Response, accepted?: string) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as { message: string }).message).toBe('Resource not accessible by integration');
  if (accepted) expect(response.headers.get('x-accepted-github-permissions')).toBe(accepted);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser('acc-owner');
  stranger = await server.createUser('acc-stranger');
  for (const [user, name, isPrivate] of [
    [owner, 'inside', true],
    [owner, 'excluded', true],
    [stranger, 'public-elsewhere', false],
    [stranger, 'private-elsewhere', true],
  ] as const) {
    await server.createRepo(user.token, { name, private: isPrivate, auto_init: true });
  }
  const inside = (await (await server.api('/repos/acc-owner/inside', { token: owner.token })).json()) as { id: number };
  const ref = (await (
    await server.api('/repos/acc-owner/inside/git/ref/heads/main', { token: owner.token })
  ).json()) as { object: { sha: string } };
  mainSha = ref.object.sha;
  app = await createTestApp(server, owner.id, 'Access Checker', {
    contents: 'write',
    repository_hooks: 'write',
    administration: 'write',
    issues: 'write',
  });
  installationId = (await installTestApp(server, app.app, owner.id, { repositoryIds: [inside.id] })).id;
});
afterAll(() => server.close());

describe('installation tokens on repositories', () => {
  it("act on their installation's private repository within their permissions", async () => {
    const token = await tokenWith();
    const repo = await server.api('/repos/acc-owner/inside', { token });
    expect(repo.status).toBe(200);
    expect(((await repo.json()) as { permissions: { admin: boolean } }).permissions.admin).toBe(true);
    const created = await server.api('/repos/acc-owner/inside/git/refs', {
      method: 'POST',
      token,
      body: { ref: 'refs/heads/by-app', sha: mainSha },
    });
    expect(created.status).toBe(201);
    const hook = await server.api('/repos/acc-owner/inside/hooks', {
      method: 'POST',
      token,
      body: { config: { url: 'https://example.com/hook' } },
    });
    expect(hook.status).toBe(201);
  });

  it("need the operation's permission at its level: contents:read cannot create a ref", async () => {
    const token = await tokenWith({ permissions: { contents: 'read' } });
    expect((await server.api('/repos/acc-owner/inside/git/ref/heads/main', { token })).status).toBe(200);
    await expectNotAccessible(
      await server.api('/repos/acc-owner/inside/git/refs', {
        method: 'POST',
        token,
        body: { ref: 'refs/heads/nope', sha: mainSha },
      }),
      'contents=write',
    );
    await expectNotAccessible(await server.api('/repos/acc-owner/inside/hooks', { token }), 'repository_hooks=read');
    await expectNotAccessible(
      await server.api('/repos/acc-owner/inside', { method: 'PATCH', token, body: { description: 'x' } }),
      'administration=write',
    );
  });

  it("cannot touch the account's repositories outside the installation", async () => {
    const token = await tokenWith();
    await expectNotAccessible(await server.api('/repos/acc-owner/excluded', { token }));
    await expectNotAccessible(await server.api('/repos/acc-owner/excluded/hooks', { token }));
  });

  it('read public repositories elsewhere, and write nothing there', async () => {
    const token = await tokenWith();
    expect((await server.api('/repos/acc-stranger/public-elsewhere', { token })).status).toBe(200);
    await expectNotAccessible(await server.api('/repos/acc-stranger/public-elsewhere/hooks', { token }));
    await expectNotAccessible(await server.api('/repos/acc-stranger/public-elsewhere', { method: 'DELETE', token }));
    // Anyone who can read a public repository may open an issue there; an installation may not.
    const issue = { method: 'POST', token, body: { title: 'from an app' } };
    await expectNotAccessible(await server.api('/repos/acc-stranger/public-elsewhere/issues', issue));
    expect((await server.api('/repos/acc-owner/inside/issues', issue)).status).toBe(201);
    const listed = await server.api('/repos/acc-stranger/public-elsewhere/issues', { token: stranger.token });
    expect(await listed.json()).toEqual([]);
    await expectNotAccessible(await server.api('/repos/acc-stranger/private-elsewhere', { token }));
    expect((await server.api('/repos/acc-stranger/no-such-repo', { token })).status).toBe(404);
  });

  it('are refused by user-only endpoints', async () => {
    const token = await tokenWith();
    await expectNotAccessible(await server.api('/user', { token }));
    await expectNotAccessible(await server.api('/user/repos', { token }));
    await expectNotAccessible(await server.api('/user/repos', { method: 'POST', token, body: { name: 'by-app' } }));
    await expectNotAccessible(await server.api('/authorizations/1', { method: 'DELETE', token }));
  });

  it("send no OAuth scope headers, and count in the installation's own rate-limit bucket", async () => {
    const token = await tokenWith();
    const first = await server.api('/repos/acc-owner/inside', { token });
    expect(first.headers.get('x-oauth-scopes')).toBeNull();
    const ownersCall = await server.api('/repos/acc-owner/inside', { token: owner.token });
    const second = await server.api('/repos/acc-owner/inside', { token });
    // The owner's call in between did not use the installation's window.
    expect(Number(second.headers.get('x-ratelimit-used'))).toBe(Number(first.headers.get('x-ratelimit-used')) + 1);
    expect(ownersCall.status).toBe(200);
  });
});

describe('installation tokens in GraphQL', () => {
  const graphql = (token: string, query: string) =>
    server
      .api('/api/graphql', { method: 'POST', token, body: { query } })
      .then((r) => r.json() as Promise<{ data: any; errors?: { message: string }[] }>);

  it("see the installation's repositories and public ones, not other private ones", async () => {
    const token = await tokenWith();
    const result = await graphql(
      token,
      `{
      inside: repository(owner: "acc-owner", name: "inside") { name }
      excluded: repository(owner: "acc-owner", name: "excluded") { name }
      open: repository(owner: "acc-stranger", name: "public-elsewhere") { name }
    }`,
    );
    expect(result.data.inside).toEqual({ name: 'inside' });
    expect(result.data.excluded).toBeNull();
    expect(result.data.open).toEqual({ name: 'public-elsewhere' });
  });

  it('have no viewer', async () => {
    const result = await graphql(await tokenWith(), '{ viewer { login } }');
    expect(result.errors?.[0]?.message).toBe('Resource not accessible by integration');
  });
});
