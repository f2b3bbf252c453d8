import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  await server.createOrg('acme', alice.id);
  await server.sql`UPDATE accounts SET email = 'alice@example.com' WHERE id = ${alice.id}`;
  for (const [name, isPrivate] of [
    ['one', false],
    ['two', false],
    ['secret', true],
  ] as const) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: isPrivate } }))
        .status,
    ).toBe(201);
  }
  expect(
    (await server.api('/orgs/acme/repos', { method: 'POST', token: alice.token, body: { name: 'tool' } })).status,
  ).toBe(201);
});
afterAll(() => server.close());

describe('GET /user', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers the caller's private profile, counts and email included (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/user`, { token: alice.token });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        login: 'alice',
        id: alice.id,
        type: 'User',
        user_view_type: 'private',
        email: 'alice@example.com',
        public_repos: 2,
        total_private_repos: 1,
        owned_private_repos: 1,
        url: `${server.url}/api/v3/users/alice`,
      });
      expectBothSchemas(body, { path: '/user', method: 'get' }, { operationId: 'users/get-authenticated' });
    });
  }
});

describe('GET /users/{username}', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers a user's public profile anonymously (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/users/ALICE`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        login: 'alice',
        id: alice.id,
        type: 'User',
        user_view_type: 'public',
        public_repos: 2,
        email: null,
      });
      expect(body).not.toHaveProperty('total_private_repos');
      expectBothSchemas(body, { path: '/users/{username}', method: 'get' }, { operationId: 'users/get-by-username' });
    });
  }

  it('answers an organization in the user shape with type Organization', async () => {
    const res = await server.api('/users/acme', { token: alice.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ login: 'acme', type: 'Organization', public_repos: 1 });
    expect(body.node_id).toMatch(/^O_/);
    expectBothSchemas(body, { path: '/users/{username}', method: 'get' }, { operationId: 'users/get-by-username' });
  });

  it('is 404 for an unknown or malformed login', async () => {
    expect((await server.api('/users/nobody')).status).toBe(404);
    expect((await server.api('/users/bad%20login')).status).toBe(404);
  });
});

describe('GET /orgs/{org}', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers the organization anonymously (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/orgs/Acme`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        login: 'acme',
        type: 'Organization',
        public_repos: 1,
        archived_at: null,
        url: `${server.url}/api/v3/orgs/acme`,
        repos_url: `${server.url}/api/v3/orgs/acme/repos`,
      });
      expectBothSchemas(body, { path: '/orgs/{org}', method: 'get' }, { operationId: 'orgs/get' });
    });
  }

  it('is 404 for a user login and for an unknown one', async () => {
    expect((await server.api('/orgs/alice', { token: alice.token })).status).toBe(404);
    expect((await server.api('/orgs/nothing')).status).toBe(404);
  });
});
