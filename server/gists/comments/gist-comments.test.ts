// Gist comments over real HTTP: GitHub's bodies (checked against our
// contract and @octokit/openapi), paging with Link, who may read, comment,
// edit and delete, and what hostile ids and bodies get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk } from '../../test-support/api-call.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../../test-support/apps.js';
import { expectBothSchemas } from '../../test-support/response-schemas.js';
import { startTestServer, type CreatedGist, type TestServer, type TestUser } from '../../test-support/test-server.js';

const SCOPES = ['gist', 'repo'];
const LIST = { path: '/gists/{gist_id}/comments', method: 'get' };
const ONE = { path: '/gists/{gist_id}/comments/{comment_id}', method: 'get' };

let server: TestServer;
let alice: TestUser; // owns the gists
let bob: TestUser;
let carol: TestUser;
let pub: CreatedGist;
let secret: CreatedGist;
let installationToken: string;

const call = (path: string, options: Parameters<typeof apiCall>[2] = {}) => apiCall(server, path, options);
const comment = (gist: CreatedGist, body: string, token = bob.token) =>
  apiOk(server, `/gists/${gist.name}/comments`, { method: 'POST', token, body: { body } });

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice', { scopes: SCOPES });
  bob = await server.createUser('bob', { scopes: SCOPES });
  carol = await server.createUser('carol', { scopes: SCOPES });
  pub = await server.createGist(alice.token, { description: 'public one', public: true });
  secret = await server.createGist(alice.token, { public: false });
  const app = await createTestApp(server, alice.id, 'Gist App', { contents: 'write' });
  const installation = await installTestApp(server, app.app, alice.id);
  const jwt = await appJwt(app, Math.floor(Date.now() / 1000));
  installationToken = (await requestInstallationToken(server, jwt, installation.id)).body.token as string;
});
afterAll(async () => {
  await server?.close();
});

describe('POST and GET /gists/{gist_id}/comments', () => {
  it('creates (201, Location) with GitHub body, and reads it back anonymously', async () => {
    const res = await call(`/gists/${pub.name}/comments`, { method: 'POST', token: bob.token, body: { body: 'Nice' } });
    expect(res.status).toBe(201);
    expectBothSchemas(
      res.json,
      { path: LIST.path, method: 'post', status: 201 },
      { operationId: 'gists/create-comment' },
    );
    expect(res.json).toMatchObject({
      body: 'Nice',
      user: { login: 'bob' },
      author_association: 'NONE',
      url: `${server.url}/api/v3/gists/${pub.name}/comments/${res.json.id}`,
    });
    expect(res.json.node_id).toMatch(/^GC_/);
    expect(res.res.headers.get('location')).toBe(res.json.url);
    const got = await call(`/gists/${pub.name}/comments/${res.json.id}`);
    expect(got.status).toBe(200);
    expectBothSchemas(got.json, ONE, { operationId: 'gists/get-comment' });
    expect(got.json).toEqual(res.json);
    const own = await comment(pub, 'Thanks', alice.token);
    expect(own.author_association).toBe('OWNER');
  });

  it('lists oldest first with Link pages', async () => {
    const gist = await server.createGist(alice.token);
    for (const body of ['one', 'two', 'three']) await comment(gist, body);
    const first = await call(`/gists/${gist.name}/comments?per_page=2`);
    expect(first.status).toBe(200);
    expectBothSchemas(first.json, LIST, { operationId: 'gists/list-comments' });
    expect(first.json.map((c: { body: string }) => c.body)).toEqual(['one', 'two']);
    expect(first.res.headers.get('link')).toContain('rel="next"');
    const second = await call(`/gists/${gist.name}/comments?per_page=2&page=2`);
    expect(second.json.map((c: { body: string }) => c.body)).toEqual(['three']);
    expect(second.res.headers.get('link')).toContain('rel="prev"');
    expect((await call(`/gists/${gist.name}/comments?per_page=0`)).status).toBeLessThan(500);
    expect((await call(`/gists/${gist.name}/comments?page=abc`)).status).toBe(422);
  });

  it('a secret gist: anyone with its name reads and comments', async () => {
    const made = await comment(secret, 'Found it');
    const list = await call(`/gists/${secret.name}/comments`);
    expect(list.status).toBe(200);
    expect(list.json.map((c: { id: number }) => c.id)).toEqual([made.id]);
    expect((await call(`/gists/${secret.name}/comments/${made.id}`, { token: carol.token })).status).toBe(200);
  });

  it('refuses the anonymous (401), a token without `gist` (403) and installations (403)', async () => {
    const path = `/gists/${pub.name}/comments`;
    expect((await call(path, { method: 'POST', body: { body: 'x' } })).status).toBe(401);
    const noGist = await server.tokenFor(bob.id, ['repo']);
    const refused = await call(path, { method: 'POST', token: noGist, body: { body: 'x' } });
    expect(refused.status).toBe(403);
    expect(refused.res.headers.get('x-accepted-oauth-scopes')).toBe('gist');
    expect((await call(path, { token: noGist })).status).toBe(200);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { body: 'x' }],
    ] as const) {
      const res = await call(path, { method, token: installationToken, body });
      expect(res.status, method).toBe(403);
      expect(res.json.message).toBe('Resource not accessible by integration');
    }
    expect((await call('/gists/0123456789abcdef0123456789abcdef/comments', { token: installationToken })).status).toBe(
      403,
    );
  });

  it('unknown gists are 404; bodies out of bounds are 422 with errors', async () => {
    expect((await call('/gists/0123456789abcdef0123456789abcdef/comments')).status).toBe(404);
    const post = (body: unknown) => call(`/gists/${pub.name}/comments`, { method: 'POST', token: bob.token, body });
    for (const body of [{ body: '' }, { body: 'x'.repeat(65536) }, { body: 'a\u0000b' }, {}, { body: 7 }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json.errors.length).toBeGreaterThan(0);
    }
    expect((await post({ body: 'y'.repeat(65535) })).status).toBe(201);
    expect(
      (
        await call('/gists/0123456789abcdef0123456789abcdef/comments', {
          method: 'POST',
          token: bob.token,
          body: { body: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('PATCH and DELETE /gists/{gist_id}/comments/{comment_id}', () => {
  it('only the author edits; the gist owner may not', async () => {
    const made = await comment(pub, 'Before');
    const path = `/gists/${pub.name}/comments/${made.id}`;
    for (const token of [carol.token, alice.token])
      expect((await call(path, { method: 'PATCH', token, body: { body: 'Hijack' } })).status).toBe(403);
    const edited = await call(path, { method: 'PATCH', token: bob.token, body: { body: 'After' } });
    expect(edited.status).toBe(200);
    expectBothSchemas(edited.json, { ...ONE, method: 'patch' }, { operationId: 'gists/update-comment' });
    expect(edited.json).toMatchObject({ id: made.id, body: 'After' });
    expect((await call(path, { method: 'PATCH', token: bob.token, body: { body: '' } })).status).toBe(422);
    expect((await call(path, { method: 'PATCH', token: installationToken, body: { body: 'x' } })).status).toBe(403);
    expect((await call(path, { method: 'PATCH', body: { body: 'x' } })).status).toBe(401);
  });

  it('the author or the gist owner deletes; then it is 404 everywhere', async () => {
    const byOwner = await comment(pub, 'Spam');
    const byAuthor = await comment(pub, 'Oops');
    const ownerPath = `/gists/${pub.name}/comments/${byOwner.id}`;
    expect((await call(ownerPath, { method: 'DELETE', token: carol.token })).status).toBe(403);
    expect((await call(ownerPath, { method: 'DELETE', token: installationToken })).status).toBe(403);
    expect((await call(ownerPath, { method: 'DELETE', token: alice.token })).status).toBe(204);
    const authorPath = `/gists/${pub.name}/comments/${byAuthor.id}`;
    expect((await call(authorPath, { method: 'DELETE', token: bob.token })).status).toBe(204);
    for (const path of [ownerPath, authorPath]) {
      expect((await call(path)).status).toBe(404);
      expect((await call(path, { method: 'PATCH', token: bob.token, body: { body: 'x' } })).status).toBe(404);
      expect((await call(path, { method: 'DELETE', token: alice.token })).status).toBe(404);
    }
  });

  it('a comment of another gist, and hostile ids, are 404 (never 500)', async () => {
    const made = await comment(pub, 'Here only');
    expect((await call(`/gists/${secret.name}/comments/${made.id}`)).status).toBe(404);
    expect(
      (await call(`/gists/${secret.name}/comments/${made.id}`, { method: 'DELETE', token: alice.token })).status,
    ).toBe(404);
    for (const id of ['ZZZZ', '..%2F..%2Fetc', 'A'.repeat(5000), "'%20OR%201=1--", '0123456789ABCDEF0123456789ABCDEF'])
      expect((await call(`/gists/${id}/comments`)).status, id.slice(0, 20)).toBe(404);
    for (const id of ['0', '-1', '99999999999999999999', 'abc'])
      expect((await call(`/gists/${pub.name}/comments/${id}`)).status, id).toBeGreaterThanOrEqual(400);
    expect((await call(`/gists/${pub.name}/comments/9007199254740991`)).status).toBe(404);
  });
});
