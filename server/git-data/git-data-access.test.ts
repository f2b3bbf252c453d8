// Who may use the git data API: push access to write, read access (or a
// public repository) to read, installation tokens by their contents
// permission, and 409 in a repository without commits, as GitHub answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { json, startGitDataScenario, type GitDataScenario } from '../test-support/git-data-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: GitDataScenario;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let main: string;

const REPO = '/repos/alice/code';
const post = (path: string, body: unknown, token = alice.token) =>
  server.api(`${REPO}${path}`, { method: 'POST', token, body });

beforeAll(async () => {
  scenario = await startGitDataScenario();
  ({ server, alice, bob, main } = scenario);
});
afterAll(() => scenario.close());

describe('access', () => {
  it('needs push access to write: 403 for a non-collaborator, 401 anonymously', async () => {
    expect((await post('/git/blobs', { content: 'x' }, bob.token)).status).toBe(403);
    expect((await server.api(`${REPO}/git/blobs`, { method: 'POST', body: { content: 'x' } })).status).toBe(401);
    const patch = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: bob.token,
      body: { sha: main },
    });
    expect(patch.status).toBe(403);
  });

  it('reads public repositories anonymously; private ones are 404 to those who cannot see them', async () => {
    expect((await server.api(`${REPO}/git/commits/${main}`)).status).toBe(200);
    const secret = await json(await server.api('/repos/alice/secret/git/ref/heads/main', { token: alice.token }), 200);
    expect((await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`)).status).toBe(404);
    expect((await server.api(`/repos/alice/secret/git/trees/main`)).status).toBe(404);
    expect(
      (await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`, { token: alice.token })).status,
    ).toBe(200);
  });

  it('takes installation tokens by the contents permission: read to GET, write to create (authored by the bot)', async () => {
    const tokenOf = async (name: string, contents: 'read' | 'write') => {
      const app = await createTestApp(server, alice.id, name, { contents });
      const installation = await installTestApp(server, app.app, alice.id);
      return (await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id))
        .body.token as string;
    };
    const reader = await tokenOf('Reader', 'read');
    const writer = await tokenOf('Writer', 'write');
    const secret = await json(await server.api('/repos/alice/secret/git/ref/heads/main', { token: reader }), 200);
    expect((await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`, { token: reader })).status).toBe(
      200,
    );
    expect(
      (await server.api('/repos/alice/secret/git/blobs', { method: 'POST', token: reader, body: { content: 'x' } }))
        .status,
    ).toBe(403);
    const tree = (
      await json(await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`, { token: writer }), 200)
    ).tree.sha;
    const commit = await json(
      await server.api('/repos/alice/secret/git/commits', {
        method: 'POST',
        token: writer,
        body: { message: 'By the app', tree, parents: [secret.object.sha] },
      }),
      201,
    );
    expect(commit.author.name).toBe('writer[bot]');
    const moved = await server.api('/repos/alice/secret/git/refs/heads/main', {
      method: 'PATCH',
      token: writer,
      body: { sha: commit.sha },
    });
    expect(moved.status).toBe(200);
  });

  it('answers 409 "Git Repository is empty." in a repository without commits, as GitHub', async () => {
    for (const [method, path, body] of [
      ['POST', '/git/blobs', { content: 'x' }],
      ['POST', '/git/trees', { tree: [] }],
      ['GET', `/git/trees/main`, undefined],
      ['GET', `/git/blobs/${'a'.repeat(40)}`, undefined],
      ['PATCH', '/git/refs/heads/main', { sha: 'a'.repeat(40) }],
    ] as const) {
      const res = await server.api(`/repos/alice/empty${path}`, { method, token: alice.token, body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect((await res.json()).message).toBe('Git Repository is empty.');
    }
  });
});
