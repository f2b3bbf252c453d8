import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { eventually, wharfCli } from '../test-support/cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { decodeNodeId } from '../ids/node-id.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
});
afterAll(() => server.close());

async function createRepo(user: TestUser, body: Record<string, unknown>) {
  const res = await server.api('/user/repos', { method: 'POST', token: user.token, body });
  return { res, json: (await res.json()) as Record<string, any> };
}

describe('POST /user/repos', () => {
  it('creates a repository with GitHub fields, a node id and a bare git repository', async () => {
    const { res, json } = await createRepo(alice, { name: 'hello-world', description: 'first', auto_init: true });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.url}/api/v3/repos/alice/hello-world`);
    expect(json).toMatchObject({
      name: 'hello-world',
      full_name: 'alice/hello-world',
      private: false,
      description: 'first',
      owner: { login: 'alice', id: alice.id, type: 'User' },
      url: `${server.url}/api/v3/repos/alice/hello-world`,
      default_branch: 'main',
      permissions: { admin: true, push: true, pull: true },
    });
    expect(Number.isInteger(json.id)).toBe(true);
    expectBothSchemas(
      json,
      { path: '/user/repos', method: 'post', status: 201 },
      { operationId: 'repos/create-for-authenticated-user' },
    );
    expect(decodeNodeId(json.node_id)).toEqual({ type: 'Repository', id: json.id });
    expect(existsSync(server.services.git.pathOf(json.id))).toBe(true);
    expect(await server.services.git.resolveRef(json.id, 'refs/heads/main')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads a JSON body whatever the Content-Type says, as GitHub does (curl -d sends a form type)', async () => {
    const res = await server.api('/user/repos', {
      method: 'POST',
      token: alice.token,
      rawBody: JSON.stringify({ name: 'curl-made' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe('curl-made');
  });

  it('rejects a name with spaces as invalid', async () => {
    const { res, json } = await createRepo(alice, { name: 'has spaces' });
    expect(res.status).toBe(422);
    expect(json.message).toBe('Validation Failed');
    expect(json.errors).toContainEqual(
      expect.objectContaining({ resource: 'Repository', field: 'name', code: 'invalid' }),
    );
  });

  it('rejects a missing name as missing_field and an empty one as invalid', async () => {
    const missing = await createRepo(alice, { description: 'x' });
    expect(missing.res.status).toBe(422);
    expect(missing.json.errors).toContainEqual(expect.objectContaining({ field: 'name', code: 'missing_field' }));
    const empty = await createRepo(alice, { name: '' });
    expect(empty.res.status).toBe(422);
    expect(empty.json.errors[0]).toMatchObject({ field: 'name', code: 'invalid' });
  });

  it('rejects a duplicate name (case-insensitive) as already_exists', async () => {
    await createRepo(alice, { name: 'dup' });
    const { res, json } = await createRepo(alice, { name: 'DUP' });
    expect(res.status).toBe(422);
    expect(json.errors[0]).toMatchObject({ resource: 'Repository', field: 'name', code: 'already_exists' });
  });

  it('gives one 201 and one 422 for two concurrent creations of the same name', async () => {
    const results = await Promise.all([createRepo(alice, { name: 'race' }), createRepo(alice, { name: 'race' })]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 422]);
  });

  it('answers malformed JSON with 400 Problems parsing JSON and a non-object with 400', async () => {
    const bad = await server.api('/user/repos', { method: 'POST', token: alice.token, rawBody: '{"name": ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Problems parsing JSON');
    const array = await server.api('/user/repos', { method: 'POST', token: alice.token, rawBody: '["x"]' });
    expect(array.status).toBe(400);
    expect((await array.json()).message).toBe('Body should be a JSON object');
  });

  it('ignores unknown body fields', async () => {
    const { res } = await createRepo(alice, { name: 'extra-fields', surprise: { deep: true } });
    expect(res.status).toBe(201);
  });
});

describe('GET /repos/{owner}/{repo}', () => {
  it('hides a private repository: 404 anonymous, 403 for a non-member, 200 for the owner', async () => {
    await createRepo(alice, { name: 'secret', private: true });
    expect((await server.api('/repos/alice/secret')).status).toBe(404);
    const forbidden = await server.api('/repos/alice/secret', { token: bob.token });
    expect(forbidden.status).toBe(403);
    const ok = await server.api('/repos/alice/secret', { token: alice.token });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.visibility).toBe('private');
    expectBothSchemas(body, { path: '/repos/{owner}/{repo}', method: 'get' }, { operationId: 'repos/get' });
  });

  it('serves public repositories anonymously and under /api/v3', async () => {
    await createRepo(alice, { name: 'open' });
    const anon = await server.api('/repos/alice/open');
    expect(anon.status).toBe(200);
    const body = await anon.json();
    expect(body.permissions).toMatchObject({ admin: false, pull: true });
    expectBothSchemas(body, { path: '/repos/{owner}/{repo}', method: 'get' }, { operationId: 'repos/get' });
    const v3 = await server.api('/api/v3/repos/alice/open', { token: alice.token });
    expect(v3.status).toBe(200);
  });

  it('answers 304 to a matching If-None-Match, with rate-limit headers and without counting it', async () => {
    const first = await server.api('/repos/alice/open', { token: alice.token });
    const etag = first.headers.get('etag')!;
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    const second = await server.api('/repos/alice/open', { token: alice.token, headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    expect(second.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(remaining);
    const third = await server.api('/repos/alice/open', { token: alice.token });
    expect(Number(third.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
  });

  it('is 404 for an unknown repository or owner', async () => {
    expect((await server.api('/repos/alice/nope', { token: alice.token })).status).toBe(404);
    expect((await server.api('/repos/nobody/nope', { token: alice.token })).status).toBe(404);
  });
});

describe('PATCH /repos/{owner}/{repo}', () => {
  it('renames without changing id or node_id, and the old name redirects to the id (server/http/route-runner.ts, repos/redirects-store.ts)', async () => {
    const { json: created } = await createRepo(alice, { name: 'before' });
    const res = await server.api('/repos/alice/before', {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'after', description: 'renamed', private: true },
    });
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json).toMatchObject({
      id: created.id,
      node_id: created.node_id,
      name: 'after',
      description: 'renamed',
      private: true,
    });
    expectBothSchemas(json, { path: '/repos/{owner}/{repo}', method: 'patch' }, { operationId: 'repos/update' });
    const old = await fetch(`${server.url}/repos/alice/before`, {
      headers: { authorization: `Bearer ${alice.token}` },
      redirect: 'manual',
    });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`${server.url}/repositories/${created.id}`);
    expect((await server.api('/repos/alice/after', { token: alice.token })).status).toBe(200);
  });

  it('needs admin rights (403) and validates after the permission check', async () => {
    await createRepo(alice, { name: 'guarded' });
    const res = await server.api('/repos/alice/guarded', {
      method: 'PATCH',
      token: bob.token,
      body: { name: 'bad name' },
    });
    expect(res.status).toBe(403);
    const invalid = await server.api('/repos/alice/guarded', {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'bad name' },
    });
    expect(invalid.status).toBe(422);
  });
});

describe('DELETE /repos/{owner}/{repo}', () => {
  it('needs admin rights, then deletes the row and the git directory', async () => {
    const { json } = await createRepo(alice, { name: 'doomed' });
    const denied = await server.api('/repos/alice/doomed', { method: 'DELETE', token: bob.token });
    expect(denied.status).toBe(403);
    expect((await denied.json()).message).toBe('Must have admin rights to Repository.');
    const res = await server.api('/repos/alice/doomed', { method: 'DELETE', token: alice.token });
    expect(res.status).toBe(204);
    expect((await server.api('/repos/alice/doomed', { token: alice.token })).status).toBe(404);
    expect(existsSync(server.services.git.pathOf(json.id))).toBe(false);
  });

  it('needs the delete_repo scope', async () => {
    await createRepo(alice, { name: 'scoped' });
    const token = await server.tokenFor(alice.id, ['repo']);
    const res = await server.api('/repos/alice/scoped', { method: 'DELETE', token });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-accepted-oauth-scopes')).toBe('delete_repo');
    expect(res.headers.get('x-oauth-scopes')).toBe('repo');
  });
});

describe('collaborators and organizations', () => {
  it('gives collaborators their permission and org members read access', async () => {
    await createRepo(alice, { name: 'shared', private: true });
    expect((await server.api('/repos/alice/shared', { token: bob.token })).status).toBe(403);
    // Granted from another process (the CLI): the server's cached "no access" must go.
    const granted = await wharfCli(server, 'admin', 'add-collaborator', 'alice/shared', 'bob', '--permission', 'write');
    expect(JSON.parse(granted)).toEqual({ repository: 'alice/shared', login: 'bob', permission: 'write' });
    const res = await eventually(
      () => server.api('/repos/alice/shared', { token: bob.token }),
      (r) => r.status === 200,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).permissions).toMatchObject({ admin: false, push: true, pull: true });
    await wharfCli(server, 'admin', 'remove-collaborator', 'alice/shared', 'bob');
    const revoked = await eventually(
      () => server.api('/repos/alice/shared', { token: bob.token }),
      (r) => r.status === 403,
    );
    expect(revoked.status).toBe(403);
  });
});

describe('GET /user/repos', () => {
  it('paginates with per_page, page and a Link header', async () => {
    const carol = await server.createUser('carol');
    for (let i = 0; i < 5; i++) await createRepo(carol, { name: `r${i}` });
    const page1 = await server.api('/user/repos?per_page=2', { token: carol.token });
    expect(page1.status).toBe(200);
    const body = await page1.json();
    expect(body.map((r: { name: string }) => r.name)).toEqual(['r0', 'r1']);
    expectBothSchemas(
      body,
      { path: '/user/repos', method: 'get' },
      { operationId: 'repos/list-for-authenticated-user' },
    );
    const link = page1.headers.get('link')!;
    expect(link).toContain('rel="next"');
    expect(link).toContain(`${server.url}/api/v3/user/repos?per_page=2&page=3>; rel="last"`);
    const page3 = await server.api('/user/repos?per_page=2&page=3', { token: carol.token });
    expect((await page3.json()).map((r: { name: string }) => r.name)).toEqual(['r4']);
    const clamped = await server.api('/user/repos?per_page=500', { token: carol.token });
    expect(clamped.status).toBe(200);
    expect(await clamped.json()).toHaveLength(5);
  });
});

describe('OAuth scopes on private repositories', () => {
  it('treats a token without the repo scope as having no access to private repositories', async () => {
    await createRepo(alice, { name: 'scoped-secret', private: true });
    const userOnly = await server.tokenFor(alice.id, ['user']);
    const res = await server.api('/repos/alice/scoped-secret', { token: userOnly });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-accepted-oauth-scopes')).toBe('repo');
    expect(res.headers.get('x-oauth-scopes')).toBe('user');
    const list = await server.api('/user/repos', { token: userOnly });
    expect((await list.json()).map((r: { name: string }) => r.name)).not.toContain('scoped-secret');
  });

  it('needs the repo scope to create a repository', async () => {
    const userOnly = await server.tokenFor(alice.id, ['user']);
    const res = await server.api('/user/repos', { method: 'POST', token: userOnly, body: { name: 'nope' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-accepted-oauth-scopes')).toBe('repo');
  });
});
