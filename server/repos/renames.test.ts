// Renamed repositories, as GitHub answers them: the old name redirects (301
// for GET and HEAD, 307 for other methods) to the same request under
// /repositories/{id}/…, which Octokit and PyGithub follow; a repository that
// takes the old name wins; deleted repositories' old names are gone; a
// private repository's old name is no redirect to those who may not read it;
// git clones by the old name keep working.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrorsAt } from '../test-support/contract-schema.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const run = promisify(execFile);
const CLIENTS = new URL('../../contract-tests/clients/', import.meta.url).pathname;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let movedId: number;
let secretId: number;

async function create(name: string, options: Record<string, unknown> = {}): Promise<number> {
  const res = await server.createRepo(alice.token, { name, auto_init: true, ...options });
  return res.id;
}

async function rename(from: string, to: string): Promise<void> {
  expect(
    (await server.api(`/repos/alice/${from}`, { method: 'PATCH', token: alice.token, body: { name: to } })).status,
  ).toBe(200);
}

/** One request with redirects not followed. */
function raw(path: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(server.url + path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  // PyGithub's venv (and the go clients) as the client suite installs them; nothing when already there.
  await run('bash', [join(CLIENTS, 'setup.sh')]);
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  movedId = await create('before');
  await rename('before', 'after');
  secretId = await create('hidden', { private: true });
  await rename('hidden', 'hidden-now');
}, 300_000);
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('an old name', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers GET with 301 to /repositories/{id} under the same base (${base || 'root'}), GitHub's body`, async () => {
      const res = await raw(`${base}/repos/alice/before`, { token: alice.token });
      expect(res.status).toBe(301);
      const url = `${server.url}${base}/repositories/${movedId}`;
      expect(res.headers.get('location')).toBe(url);
      const body = await res.json();
      expect(body).toEqual({
        message: 'Moved Permanently',
        url,
        documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com\//),
      });
      expect(schemaErrorsAt('#/components/responses/moved_permanently/content/application~1json/schema', body)).toBe(
        '',
      );
      expect(githubResponseErrors('repos/get', 301, body)).toBe('');
      expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
    });

    it(`keeps the rest of the path and the query (${base || 'root'})`, async () => {
      const res = await raw(`${base}/repos/ALICE/Before/git/matching-refs/heads/m?per_page=5&page=1`, {
        token: alice.token,
      });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(
        `${server.url}${base}/repositories/${movedId}/git/matching-refs/heads/m?per_page=5&page=1`,
      );
    });
  }

  it('answers HEAD with 301 and no body, and other methods with 307', async () => {
    const head = await raw('/repos/alice/before/hooks', { method: 'HEAD', token: alice.token });
    expect(head.status).toBe(301);
    expect(await head.text()).toBe('');
    for (const [method, path, body] of [
      ['PATCH', '', { description: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/git/refs', { ref: 'refs/heads/x', sha: '0'.repeat(40) }],
      ['POST', '/hooks', {}],
    ] as const) {
      const res = await raw(`/repos/alice/before${path}`, { method, token: alice.token, body });
      expect(res.status, `${method} ${path}`).toBe(307);
      expect(res.headers.get('location')).toBe(`${server.url}/repositories/${movedId}${path}`);
      expect((await res.json()).message).toBe('Temporary Redirect');
    }
    const v3 = await raw('/api/v3/repos/alice/before/git/refs?x=1', { method: 'POST', token: alice.token, body: {} });
    expect(v3.status).toBe(307);
    expect(v3.headers.get('location')).toBe(`${server.url}/api/v3/repositories/${movedId}/git/refs?x=1`);
    // Nothing was done by the redirects.
    expect((await server.api('/repos/alice/after', { token: alice.token })).status).toBe(200);
  });

  it('is followed by fetch: a 307 PATCH is repeated with its body and token at the new place', async () => {
    const res = await server.api('/repos/alice/before', {
      method: 'PATCH',
      token: alice.token,
      body: { description: 'patched through the old name' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: movedId,
      full_name: 'alice/after',
      description: 'patched through the old name',
    });
  });

  it('is no redirect to whoever may not read a private repository (404), and is one to its owner', async () => {
    expect((await raw('/repos/alice/hidden')).status).toBe(404);
    expect((await raw('/repos/alice/hidden', { token: bob.token })).status).toBe(404);
    const res = await raw('/repos/alice/hidden/git/refs', { token: alice.token });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${server.url}/repositories/${secretId}/git/refs`);
  });

  it('loses for good to a repository created with that name, and returns when renamed back', async () => {
    await create('taken');
    await rename('taken', 'taken-renamed');
    // Asked once (the answer is cached with the not-found name), then the name is taken.
    expect((await raw('/repos/alice/taken', { token: alice.token })).status).toBe(301);
    const takerId = await create('taken');
    const res = await raw('/repos/alice/taken', { token: alice.token });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(takerId);
    // For good: the redirect does not come back when the new repository goes.
    expect((await server.api('/repos/alice/taken', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await raw('/repos/alice/taken', { token: alice.token })).status).toBe(404);
    // Renaming back: the current name is served, and the name it left redirects.
    await create('swing');
    await rename('swing', 'swung');
    await rename('swung', 'swing');
    expect((await raw('/repos/alice/swing', { token: alice.token })).status).toBe(200);
    expect((await raw('/repos/alice/swung', { token: alice.token })).status).toBe(301);
  });

  it('is forgotten when the repository is deleted, and a case-only rename leaves no redirect', async () => {
    await create('short-lived');
    await rename('short-lived', 'gone');
    expect((await raw('/repos/alice/short-lived', { token: alice.token })).status).toBe(301);
    expect((await server.api('/repos/alice/gone', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await raw('/repos/alice/short-lived', { token: alice.token })).status).toBe(404);
    expect(
      (await server.sql`SELECT count(*)::int AS n FROM repository_redirects WHERE lower(name) = 'short-lived'`)[0]!.n,
    ).toBe(0);
    await create('casey');
    await rename('casey', 'Casey');
    expect(
      (await server.sql`SELECT count(*)::int AS n FROM repository_redirects WHERE lower(name) = 'casey'`)[0]!.n,
    ).toBe(0);
  });

  it('still clones and pushes with git (no redirect: git follows none on POST)', async () => {
    const dir = join(git.home, 'by-old-name');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/before.git', alice.token), dir]);
    expect(await git.ok(['log', '-1', '--format=%s'], { cwd: dir })).toBe('Initial commit');
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'pushed by the old name'], { cwd: dir });
    await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: dir });
    const ref = await (await server.api('/repos/alice/after/git/ref/heads/main', { token: alice.token })).json();
    expect(ref.object.sha).toBe(await git.ok(['rev-parse', 'HEAD'], { cwd: dir }));
  });
});

describe('clients follow the redirect', () => {
  for (const base of ['', '/api/v3']) {
    it(`Octokit reads and writes through the old name (${base || 'root'})`, async () => {
      const octokit = new Octokit({ baseUrl: server.url + base, auth: alice.token });
      const { data } = await octokit.rest.repos.get({ owner: 'alice', repo: 'before' });
      expect(data).toMatchObject({ id: movedId, full_name: 'alice/after' });
      const ref = await octokit.rest.git.getRef({ owner: 'alice', repo: 'before', ref: 'heads/main' });
      expect(ref.data.ref).toBe('refs/heads/main');
      const updated = await octokit.rest.repos.update({
        owner: 'alice',
        repo: 'before',
        description: `octokit ${base}`,
      });
      expect(updated.data.description).toBe(`octokit ${base}`);
      const created = await octokit.rest.git.createRef({
        owner: 'alice',
        repo: 'before',
        ref: `refs/heads/octokit${base.replace(/\//g, '-')}`,
        sha: ref.data.object.sha,
      });
      expect(created.status).toBe(201);
    });

    it(`PyGithub reads through the old name (${base || 'root'})`, async () => {
      const script = [
        'import os, sys',
        'from github import Auth, Github',
        'gh = Github(base_url=os.environ["BASE"], auth=Auth.Token(os.environ["TOKEN"]))',
        'repo = gh.get_repo("alice/before")',
        'ref = repo.get_git_ref("heads/main")',
        'print(repo.id, repo.full_name, ref.ref)',
      ].join('\n');
      const { stdout } = await run(join(CLIENTS, '.venv/bin/python'), ['-c', script], {
        env: { ...process.env, BASE: server.url + base, TOKEN: alice.token },
      });
      expect(stdout.trim()).toBe(`${movedId} alice/after refs/heads/main`);
    });
  }
});
