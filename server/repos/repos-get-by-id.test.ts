import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let publicId: number;
let privateId: number;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  publicId = (
    await (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'open' } })).json()
  ).id;
  privateId = (
    await (
      await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'closed', private: true } })
    ).json()
  ).id;
});
afterAll(() => server.close());

const byId = (id: number | string, token?: string, base = '') => server.api(`${base}/repositories/${id}`, { token });

describe('GET /repositories/{repository_id}', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers the same body as GET /repos/{owner}/{repo} (${base || 'root'})`, async () => {
      const res = await byId(publicId, alice.token, base);
      expect(res.status).toBe(200);
      const body = await res.json();
      const byName = await (await server.api(`${base}/repos/alice/open`, { token: alice.token })).json();
      expect(body).toEqual(byName);
      expect(body).toMatchObject({ id: publicId, full_name: 'alice/open', permissions: { admin: true } });
      expectBothSchemas(
        body,
        { path: '/repositories/{repository_id}', method: 'get' },
        { component: 'full-repository' },
      );
    });
  }

  it('follows a rename: the id still finds the repository', async () => {
    expect(
      (await server.api('/repos/alice/open', { method: 'PATCH', token: alice.token, body: { name: 'renamed' } }))
        .status,
    ).toBe(200);
    const body = await (await byId(publicId)).json();
    expect(body.full_name).toBe('alice/renamed');
  });

  it('reads a public repository anonymously, as GET /repos/{owner}/{repo} does', async () => {
    const res = await byId(publicId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await (await server.api('/repos/alice/renamed')).json());
  });

  it('keeps a private repository 404 to anonymous callers and 403 to non-members', async () => {
    expect((await byId(privateId)).status).toBe(404);
    expect((await byId(privateId, bob.token)).status).toBe(403);
    const res = await byId(privateId, alice.token);
    expect(res.status).toBe(200);
    expectBothSchemas(
      await res.json(),
      { path: '/repositories/{repository_id}', method: 'get' },
      { component: 'full-repository' },
    );
  });

  it('is 404 for an unknown id and for a malformed one', async () => {
    for (const id of [999999, 0, -1, 'abc', '1.5', '99999999999999999999']) {
      expect((await byId(id, alice.token)).status, String(id)).toBe(404);
    }
  });
});
