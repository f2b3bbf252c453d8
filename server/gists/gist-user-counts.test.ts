// A user's gist counts in the user bodies, as GitHub has them: `public_gists`
// for anyone, `private_gists` (the secret ones) only in `GET /user`, the body
// a user gets of themselves; deleting a gist takes it out of the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type CreatedGist, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let secret: CreatedGist;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice', { scopes: ['gist', 'user'] });
  bob = await server.createUser('bob', { scopes: ['gist', 'user'] });
  await server.createGist(alice.token, { public: true });
  await server.createGist(alice.token, { public: true });
  secret = await server.createGist(alice.token, { public: false });
});
afterAll(async () => {
  await server?.close();
});

describe('gist counts in user bodies', () => {
  it('shows public_gists to anyone and private_gists to the user only', async () => {
    const seen = await apiOk(server, '/users/alice', { token: bob.token });
    expectBothSchemas(seen, { path: '/users/{username}', method: 'get' }, { operationId: 'users/get-by-username' });
    expect(seen.public_gists).toBe(2);
    expect(seen).not.toHaveProperty('private_gists');
    const self = await apiOk(server, '/user', { token: alice.token });
    expectBothSchemas(self, { path: '/user', method: 'get' }, { operationId: 'users/get-authenticated' });
    expect(self).toMatchObject({ public_gists: 2, private_gists: 1 });
    expect(await apiOk(server, '/user', { token: bob.token })).toMatchObject({ public_gists: 0, private_gists: 0 });
  });

  it('counts a deleted gist no more', async () => {
    const gone = await server.api(`/gists/${secret.name}`, { method: 'DELETE', token: alice.token });
    expect(gone.status).toBe(204);
    expect(await apiOk(server, '/user', { token: alice.token })).toMatchObject({ public_gists: 2, private_gists: 0 });
  });
});
