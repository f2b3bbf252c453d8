// A renamed account's repositories (`wharf admin rename-user`, AccountStore.rename)
// answer under the old login as GitHub's do: 301 for GET and 307 for other
// methods to /repositories/{id}/…, followed by fetch and Octokit, and
// GraphQL's `repository(owner: old, name:)` resolves to the repository unless
// `followRenames: false`. A private repository's old address is a redirect
// only to those who may read it; a repository created later under the old
// login with the same name wins; a second rename keeps both old logins; git
// clones by an old login.
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let toolId: number;
let secretId: number;
let git: GitCli;

async function create(token: string, name: string, options: Record<string, unknown> = {}): Promise<number> {
  const res = await server.api('/user/repos', { method: 'POST', token, body: { name, auto_init: true, ...options } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
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

async function graphql(query: string, token?: string): Promise<{ data?: any; errors?: any[] }> {
  const res = await server.api('/api/graphql', { method: 'POST', token, body: { query } });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  toolId = await create(alice.token, 'tool');
  secretId = await create(alice.token, 'secret', { private: true });
  await server.services.accounts.rename(alice.id, 'alicia');
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('REST under the old login', () => {
  it("answers GET with 301 to /repositories/{id}, the rest of the path and the query kept, GitHub's body", async () => {
    for (const [path, rest] of [
      ['/repos/alice/tool', ''],
      ['/api/v3/repos/ALICE/tool/contents/README.md?ref=main', '/contents/README.md?ref=main'],
    ] as const) {
      const res = await raw(path, { token: alice.token });
      expect(res.status, path).toBe(301);
      const prefix = path.startsWith('/api/v3') ? '/api/v3' : '';
      expect(res.headers.get('location')).toBe(`${server.url}${prefix}/repositories/${toolId}${rest}`);
      const body = await res.json();
      expect(body.message).toBe('Moved Permanently');
      expect(githubResponseErrors('repos/get', 301, body)).toBe('');
    }
  });

  it('answers other methods with 307, and fetch repeats the write at the new address', async () => {
    const res = await raw('/repos/alice/tool', { method: 'PATCH', token: alice.token, body: { description: 'x' } });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${server.url}/repositories/${toolId}`);
    const followed = await server.api('/repos/alice/tool', {
      method: 'PATCH',
      token: alice.token,
      body: { description: 'through the old login' },
    });
    expect(followed.status).toBe(200);
    const body = await followed.json();
    expect(body).toMatchObject({
      id: toolId,
      full_name: 'alicia/tool',
      description: 'through the old login',
      owner: { login: 'alicia' },
    });
    expect(githubResponseErrors('repos/update', 200, body)).toBe('');
  });

  it('is followed by Octokit', async () => {
    const octokit = new Octokit({ baseUrl: server.url, auth: alice.token });
    const { data } = await octokit.rest.repos.get({ owner: 'alice', repo: 'tool' });
    expect(data).toMatchObject({ id: toolId, full_name: 'alicia/tool' });
    const { data: file } = await octokit.rest.repos.getContent({ owner: 'alice', repo: 'tool', path: 'README.md' });
    expect(file).toMatchObject({ path: 'README.md', type: 'file' });
  });

  it("keeps a private repository's old address from those who may not read it (404)", async () => {
    expect((await raw('/repos/alice/secret')).status).toBe(404);
    expect((await raw('/repos/alice/secret', { token: bob.token })).status).toBe(404);
    const res = await raw('/repos/alice/secret/git/refs', { token: alice.token });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${server.url}/repositories/${secretId}/git/refs`);
  });
});

describe('GraphQL repository(owner: old login, name:)', () => {
  it("resolves to the repository under its new name, as GitHub's followRenames (default true)", async () => {
    const { data, errors } = await graphql(
      '{ repository(owner: "alice", name: "tool") { databaseId nameWithOwner owner { login } } }',
      alice.token,
    );
    expect(errors).toBeUndefined();
    expect(data.repository).toEqual({ databaseId: toolId, nameWithOwner: 'alicia/tool', owner: { login: 'alicia' } });
    const secret = await graphql('{ repository(owner: "alice", name: "secret") { nameWithOwner } }', alice.token);
    expect(secret.data.repository).toEqual({ nameWithOwner: 'alicia/secret' });
  });

  it('is NOT_FOUND with followRenames: false, and for whoever may not read a private repository', async () => {
    for (const [query, token] of [
      ['{ repository(owner: "alice", name: "tool", followRenames: false) { nameWithOwner } }', alice.token],
      ['{ repository(owner: "alice", name: "secret") { nameWithOwner } }', bob.token],
    ] as const) {
      const { data, errors } = await graphql(query, token);
      expect(data?.repository ?? null).toBeNull();
      expect(errors?.[0]).toMatchObject({ type: 'NOT_FOUND', path: ['repository'] });
    }
  });

  it('follows a repository rename too', async () => {
    expect(
      (await server.api('/repos/alicia/tool', { method: 'PATCH', token: alice.token, body: { name: 'tool-2' } }))
        .status,
    ).toBe(200);
    for (const owner of ['alicia', 'alice']) {
      const { data } = await graphql(`{ repository(owner: "${owner}", name: "tool") { nameWithOwner } }`, alice.token);
      expect(data.repository, owner).toEqual({ nameWithOwner: 'alicia/tool-2' });
    }
    expect(
      (await server.api('/repos/alicia/tool-2', { method: 'PATCH', token: alice.token, body: { name: 'tool' } }))
        .status,
    ).toBe(200);
  });
});

describe('the old login taken again', () => {
  it('a new account named as the old login, with a repository of the same name, wins that name only', async () => {
    const newcomer = await server.createUser('alice');
    const theirs = await create(newcomer.token, 'tool');
    const res = await raw('/repos/alice/tool', { token: newcomer.token });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(theirs);
    const { data } = await graphql('{ repository(owner: "alice", name: "tool") { databaseId } }', newcomer.token);
    expect(data.repository.databaseId).toBe(theirs);
    // The old account's other repository still redirects.
    expect((await raw('/repos/alice/secret', { token: alice.token })).status).toBe(301);
  });

  it('a second rename keeps both old logins', async () => {
    await server.services.accounts.rename(alice.id, 'ally');
    for (const owner of ['alicia', 'alice']) {
      const res = await raw(`/repos/${owner}/secret`, { token: alice.token });
      expect(res.status, owner).toBe(301);
      expect(res.headers.get('location')).toBe(`${server.url}/repositories/${secretId}`);
    }
    expect((await raw('/repos/ally/secret', { token: alice.token })).status).toBe(200);
    // The old login is no alias of the account, as on GitHub.
    expect((await raw('/users/alicia', { token: alice.token })).status).toBe(404);
    expect((await (await raw('/users/ally', { token: alice.token })).json()).id).toBe(alice.id);
  });

  it('still clones by an old login with git', async () => {
    git = await gitCli();
    const dir = join(git.home, 'by-old-login');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alicia/secret.git', alice.token), dir]);
    expect(await git.ok(['log', '-1', '--format=%s'], { cwd: dir })).toBe('Initial commit');
  });
});
