// Commit statuses over real HTTP on real commits: GitHub's bodies (checked
// against @octokit/openapi), the commit named by a full or abbreviated SHA
// (422 otherwise, in GitHub's words), the reads by SHA, branch or tag, the
// combined state's rules, the 1000-per-context limit, and who may write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let repoId: number;
let head: string;
let second: string;

const REPO = '/repos/alice/ci';
const json = async (res: Response) => (await res.json()) as any;
const post = (sha: string, body: Record<string, unknown>, token = alice.token) =>
  server.api(`${REPO}/statuses/${sha}`, { method: 'POST', token, body });
const combined = async (ref: string, token?: string) => {
  const res = await server.api(`${REPO}/commits/${ref}/status`, { token });
  expect(res.status).toBe(200);
  const body = await json(res);
  expectBothSchemas(
    body,
    { path: '/repos/{owner}/{repo}/commits/{ref}/status', method: 'get' },
    { operationId: 'repos/get-combined-status-for-ref' },
  );
  return body;
};
async function commitOn(branch: string, path: string): Promise<string> {
  const res = await server.api(`${REPO}/contents/${path}`, {
    method: 'PUT',
    token: alice.token,
    body: { message: `add ${path}`, content: Buffer.from(path).toString('base64'), branch },
  });
  expect(res.status).toBe(201);
  return (await json(res)).commit.sha;
}

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob, carol },
    repo: { id: repoId, head },
  } = await startRepositoryFixture('ci', { users: ['bob', 'carol'], grants: { carol: 'write' } }));
  second = await commitOn('main', 'second.txt');
  expect(
    (
      await server.api(`${REPO}/git/refs`, {
        method: 'POST',
        token: alice.token,
        body: { ref: 'refs/tags/v1', sha: head },
      })
    ).status,
  ).toBe(201);
});
afterAll(() => server.close());

describe('creating a status', () => {
  it('answers 201 with GitHub’s body, the full SHA for an abbreviated one, and context "default"', async () => {
    const res = await post(head.slice(0, 7), { state: 'pending' });
    expect(res.status).toBe(201);
    const s = await json(res);
    expectBothSchemas(
      s,
      { path: '/repos/{owner}/{repo}/statuses/{sha}', method: 'post', status: 201 },
      { operationId: 'repos/create-commit-status' },
    );
    expect(s).toMatchObject({
      url: `${server.url}/api/v3${REPO}/statuses/${head}`,
      state: 'pending',
      context: 'default',
      description: null,
      target_url: null,
      creator: { login: 'alice', id: alice.id },
      avatar_url: `${server.url}/avatars/u/${alice.id}`,
    });
    expect(s.node_id).toMatch(/^SC_/);
    expect(res.headers.get('location')).toBe(s.url);
  });

  it('refuses a SHA that names no commit, and anything but a SHA, as GitHub does', async () => {
    for (const sha of ['0123456789abcdef0123456789abcdef01234567', 'main', 'v1']) {
      const res = await post(sha, { state: 'success' });
      expect(res.status).toBe(422);
      expect((await json(res)).message).toBe(`No commit found for SHA: ${sha}`);
    }
    // A tree is an object of the repository, not a commit.
    const tree = (await server.services.git.git(repoId, ['rev-parse', `${head}^{tree}`])).trim();
    expect((await post(tree, { state: 'success' })).status).toBe(422);
  });

  it('validates the body: 422 for an unknown state, 400 for malformed JSON', async () => {
    expect((await post(head, { state: 'done' })).status).toBe(422);
    expect((await post(head, { description: 'no state' })).status).toBe(422);
    const bad = await server.api(`${REPO}/statuses/${head}`, {
      method: 'POST',
      token: alice.token,
      rawBody: '{"state":',
    });
    expect(bad.status).toBe(400);
  });

  it('needs push access: 403 for a reader, 401 anonymously, 404 for no repository', async () => {
    expect((await post(head, { state: 'success' }, bob.token)).status).toBe(403);
    expect((await server.api(`${REPO}/statuses/${head}`, { method: 'POST', body: { state: 'success' } })).status).toBe(
      401,
    );
    expect(
      (
        await server.api(`/repos/alice/none/statuses/${head}`, {
          method: 'POST',
          token: alice.token,
          body: { state: 'success' },
        })
      ).status,
    ).toBe(404);
    expect((await post(head, { state: 'success', context: 'carol' }, carol.token)).status).toBe(201);
  });

  it('stops at 1000 statuses per commit and context (case-insensitive), as GitHub', async () => {
    expect((await post(second, { state: 'pending', context: 'Limit' })).status).toBe(201);
    // 998 more written directly: the rule counts, it does not care how they came.
    await server.sql`UPDATE commit_status_contexts SET status_count = 999 WHERE repository_id = ${repoId} AND sha = ${second} AND context_key = 'limit'`;
    expect((await post(second, { state: 'success', context: 'limit' })).status).toBe(201);
    const refused = await post(second, { state: 'success', context: 'LIMIT' });
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors).toEqual([
      {
        resource: 'Status',
        code: 'custom',
        field: 'context',
        message: 'This SHA and context has reached the maximum number of statuses.',
      },
    ]);
    // Another context of the same commit is not limited.
    expect((await post(second, { state: 'success', context: 'other' })).status).toBe(201);
  });

  it('is allowed to an installation with statuses: write, as its bot', async () => {
    const token = async (name: string, permissions: Record<string, 'read' | 'write'>) => {
      const app = await createTestApp(server, alice.id, name, permissions);
      const installation = await installTestApp(server, app.app, alice.id);
      const { status, body } = await requestInstallationToken(
        server,
        await appJwt(app, Math.floor(Date.now() / 1000)),
        installation.id,
      );
      expect(status).toBe(201);
      return body.token as string;
    };
    const contentsOnly = await token('Contents Bot', { contents: 'write' });
    expect((await post(head, { state: 'success', context: 'bot' }, contentsOnly)).status).toBe(403);
    const ci = await token('CI Bot', { statuses: 'write', contents: 'read' });
    const res = await post(
      head,
      { state: 'success', context: 'bot', target_url: 'https://ci.example.com/1', description: 'ok' },
      ci,
    );
    expect(res.status).toBe(201);
    expect((await json(res)).creator).toMatchObject({ login: 'ci-bot[bot]', type: 'Bot' });
  });
});

describe('reading statuses', () => {
  let repoFresh: string;
  beforeAll(async () => {
    repoFresh = await commitOn('main', 'third.txt');
  });

  it('lists a commit’s statuses newest first, by SHA, branch or tag, with pages', async () => {
    for (const state of ['pending', 'failure', 'success'])
      expect((await post(repoFresh, { state, context: 'build' })).status).toBe(201);
    const res = await server.api(`${REPO}/commits/main/statuses?per_page=2`);
    expect(res.status).toBe(200);
    const page = await json(res);
    expectBothSchemas(
      page,
      { path: '/repos/{owner}/{repo}/commits/{ref}/statuses', method: 'get' },
      { operationId: 'repos/list-commit-statuses-for-ref' },
    );
    expect(page.map((s: any) => s.state)).toEqual(['success', 'failure']);
    expect(res.headers.get('link')).toContain('rel="next"');
    const bySha = await json(await server.api(`${REPO}/commits/${repoFresh}/statuses`));
    expect(bySha.map((s: any) => s.state)).toEqual(['success', 'failure', 'pending']);
    // The tag names the first commit: its statuses, not the branch head's.
    const byTag = await json(await server.api(`${REPO}/commits/v1/statuses`));
    expect(byTag.every((s: any) => s.url.endsWith(head))).toBe(true);
    expect(byTag.length).toBeGreaterThan(0);
  });

  it('answers the same list on GitHub’s legacy path GET …/statuses/{ref} (PyGithub’s)', async () => {
    const legacy = await server.api(`${REPO}/statuses/main`);
    expect(legacy.status).toBe(200);
    const body = await json(legacy);
    expectBothSchemas(
      body,
      { path: '/repos/{owner}/{repo}/statuses/{sha}', method: 'get' },
      { operationId: 'repos/list-commit-statuses-for-ref' },
    );
    expect(body).toEqual(await json(await server.api(`${REPO}/commits/main/statuses`)));
    expect(body.length).toBeGreaterThan(0);
  });

  it('lists nothing for a ref that names no commit', async () => {
    const res = await server.api(`${REPO}/commits/no-such-branch/statuses`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual([]);
  });

  it('combines the latest status of each context by GitHub’s rules', async () => {
    const sha = await commitOn('main', 'fourth.txt');
    let c = await combined(sha);
    expect(c).toMatchObject({
      state: 'pending',
      total_count: 0,
      statuses: [],
      sha,
      repository: { full_name: 'alice/ci' },
    });
    expect(c.commit_url).toBe(`${server.url}/api/v3${REPO}/commits/${sha}`);
    expect(c.url).toBe(`${server.url}/api/v3${REPO}/commits/${sha}/status`);
    await post(sha, { state: 'success', context: 'lint' });
    expect((await combined(sha)).state).toBe('success');
    await post(sha, { state: 'pending', context: 'test' });
    expect((await combined('main')).state).toBe('pending');
    await post(sha, { state: 'error', context: 'deploy' });
    expect((await combined(sha)).state).toBe('failure');
    // A newer status of a context (any case) supersedes its previous one.
    await post(sha, { state: 'success', context: 'DEPLOY' });
    await post(sha, { state: 'success', context: 'test' });
    c = await combined(sha);
    expect(c).toMatchObject({ state: 'success', total_count: 3 });
    expect(c.statuses.map((s: any) => s.context)).toEqual(['lint', 'DEPLOY', 'test']);
    await post(sha, { state: 'failure', context: 'lint' });
    expect((await combined(sha)).state).toBe('failure');
    // A page of contexts; the state and count still cover them all.
    const paged = await json(await server.api(`${REPO}/commits/${sha}/status?per_page=1&page=2`));
    expect(paged).toMatchObject({ state: 'failure', total_count: 3 });
    expect(paged.statuses.map((s: any) => s.context)).toEqual(['test']);
  });

  it('answers 404 for a ref that names no commit, and reads anonymously on a public repository', async () => {
    expect((await server.api(`${REPO}/commits/no-such-branch/status`)).status).toBe(404);
    expect((await server.api(`${REPO}/commits/main/status`)).status).toBe(200);
  });
});
