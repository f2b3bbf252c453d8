// Installation tokens on the collaborators operations: the people lists with
// the metadata every app reads, on the installation's repositories only;
// invitations and changes with `administration` (openapi.yaml's
// x-wharf-app-permissions); the user's own invitations are no app's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../test-support/api-call.js';
import { installationTokenFor } from '../test-support/apps.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let admin: string;
let reader: string;

const call = (path: string, token: string, method = 'GET', body?: unknown) =>
  apiCall(server, path, { method, token, body });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  await server.createUser('bob');
  await server.createRepo(alice.token, { name: 'secret', private: true });
  admin = await installationTokenFor(server, alice.id, 'Admin App', { administration: 'write' });
  reader = await installationTokenFor(server, alice.id, 'Reader App', { contents: 'read' });
});
afterAll(() => server?.close());

describe('collaborators with installation tokens', () => {
  it('any installation on the repository reads the people', async () => {
    expect((await call('/repos/alice/secret/collaborators', reader)).status).toBe(200);
    expect((await call('/repos/alice/secret/collaborators/alice', reader)).status).toBe(204);
    expect((await call('/repos/alice/secret/collaborators/bob/permission', reader)).json.permission).toBe('none');
  });

  it('administration: write invites and lists invitations; without it, 403', async () => {
    expect((await call('/repos/alice/secret/collaborators/bob', reader, 'PUT')).status).toBe(403);
    expect((await call('/repos/alice/secret/invitations', reader)).status).toBe(403);
    const invited = await call('/repos/alice/secret/collaborators/bob', admin, 'PUT', { permission: 'pull' });
    expect(invited.status).toBe(201);
    expect(invited.json.inviter.login).toMatch(/\[bot\]$/);
    expect((await call('/repos/alice/secret/invitations', admin)).json).toHaveLength(1);
    expect((await call(`/repos/alice/secret/invitations/${invited.json.id}`, admin, 'DELETE')).status).toBe(204);
  });

  it("the user's own invitations are not an installation's", async () => {
    expect((await call('/user/repository_invitations', admin)).status).toBe(403);
  });
});
