// Who may revoke which token, row by row of issue 11's table, and that a
// revocation reaches every server process before its answer.
//
// | caller                                      | target                               | answer              |
// | a personal token of U (any scope)           | one of U's personal tokens           | 204, revoked everywhere |
// | a personal token of U, site admin or not    | anyone else's token id, unknown id   | 404, nothing changes |
// | an OAuth token or an installation token     | any id                               | 403, nothing changes |
import { createServer, type Server } from 'node:http';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWharfApp, type WharfApp } from '../app.js';
import { issueInstallationToken } from '../apps/installation-tokens.js';
import { loadConfig } from '../config.js';
import { connect, type Sql } from '../db/database.js';
import { createLogger } from '../log.js';
import { createOAuthApp } from '../oauth/oauth-apps-store.js';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { insertToken } from './token-store.js';

let server: TestServer;
let alice: TestUser;
let admin: TestUser;
let bob: TestUser;
let oauthAppId: number;

/** A second server process on the same database (its own caches and listener). */
async function startPeer(): Promise<{ url: string; close(): Promise<void> }> {
  const sql: Sql = connect(server.databaseUrl);
  const httpServer: Server = createServer();
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', () => r()));
  const port = (httpServer.address() as { port: number }).port;
  const config = loadConfig({
    PORT: String(port),
    DATABASE_URL: server.databaseUrl,
    WHARF_DATA_DIR: server.dataDir,
    WHARF_WEBHOOK_DISPATCH: 'off',
  });
  const wharf: WharfApp = await createWharfApp(
    config,
    sql,
    createLogger('error', () => {}),
  );
  httpServer.on('request', toNodeHandler(wharf.app));
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      httpServer.closeAllConnections();
      await new Promise<void>((r) => httpServer.close(() => r()));
      await wharf.close();
      await sql.end({ timeout: 5 });
    },
  };
}

async function oauthToken(userId: number): Promise<{ id: number; token: string }> {
  const created = await server.sql.begin((tx) =>
    insertToken(tx, { userId, kind: 'oauth', scopes: ['user'], oauthAppId }),
  );
  server.services.bus.applyLocally(`token:${created.id}`);
  return created;
}

async function installationToken(): Promise<{ id: number; token: string }> {
  const app = await createTestApp(server, alice.id, `revoker-${Math.random().toString(36).slice(2, 8)}`);
  const installation = await installTestApp(server, app.app, alice.id);
  const issued = await issueInstallationToken(server.services, app.app.bot_id, installation, {});
  const [row] = await server.sql<{ id: number }[]>`SELECT id FROM tokens WHERE installation_id = ${installation.id}`;
  return { id: row!.id, token: issued.token };
}

const works = async (token: string) =>
  (await server.api('/user', { token })).status === 200 ||
  (await server.api('/installation/repositories', { token })).status === 200;
const revoke = (id: number | string, token: string) => server.api(`/authorizations/${id}`, { method: 'DELETE', token });

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  admin = await server.createUser('root', { siteAdmin: true });
  bob = await server.createUser('bob');
  oauthAppId = (await createOAuthApp(server.sql, bob.id, 'third-party')).app.id;
});
afterAll(() => server.close());

describe("a personal token of U revoking one of U's personal tokens", () => {
  it('is 204 with any scope, none included, and the token stops working', async () => {
    for (const scopes of [[], ['user'], ['repo'], ['admin:repo_hook']]) {
      const caller = await server.tokenFor(alice.id, scopes);
      const target = await server.services.tokens.create(alice.id, 'personal', ['repo']);
      expect(await works(target.token)).toBe(true); // now cached
      expect((await revoke(target.id, caller)).status).toBe(204);
      expect((await server.api('/user', { token: target.token })).status).toBe(401);
    }
  });

  it('revokes its own token too', async () => {
    const { id, token } = await server.services.tokens.create(alice.id, 'personal', []);
    expect((await revoke(id, token)).status).toBe(204);
    expect((await server.api('/user', { token })).status).toBe(401);
  });

  it('is refused at once by another server process that had the token cached', async () => {
    const peer = await startPeer();
    try {
      const { id, token } = await server.services.tokens.create(alice.id, 'personal', ['repo']);
      const onPeer = () => fetch(`${peer.url}/user`, { headers: { authorization: `Bearer ${token}` } });
      expect((await onPeer()).status).toBe(200); // cached by the peer
      expect((await revoke(id, alice.token)).status).toBe(204);
      expect((await onPeer()).status).toBe(401);
    } finally {
      await peer.close();
    }
  });
});

describe("a personal token of U targeting anyone else's token or an unknown id", () => {
  it('is 404 and changes nothing, whether U is a site admin or not', async () => {
    const targets = {
      "another user's personal token": await server.services.tokens.create(bob.id, 'personal', ['repo']),
      "another user's OAuth token": await oauthToken(bob.id),
      "U's own OAuth token (its app revokes it)": await oauthToken(alice.id),
      'an installation token': await installationToken(),
      "the site admin's own token seen by another user": await server.services.tokens.create(admin.id, 'personal', [
        'repo',
      ]),
    };
    for (const caller of [alice, admin]) {
      for (const [what, target] of Object.entries(targets)) {
        if (caller === admin && what.startsWith('the site admin')) continue; // that one is the admin's own
        expect((await revoke(target.id, caller.token)).status, `${caller.login}: ${what}`).toBe(404);
        expect(await works(target.token), `${caller.login}: ${what} still works`).toBe(true);
      }
      for (const id of [999_999_999, 'abc', '1%20']) expect((await revoke(id, caller.token)).status).toBe(404);
    }
    const [row] = await server.sql<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM tokens WHERE id = ANY(${Object.values(targets).map((t) => t.id)})`;
    expect(row?.count).toBe(Object.keys(targets).length);
  });
});

describe('an OAuth token or an installation token as the caller', () => {
  it("is 403 for any id, its own and its user's included, and changes nothing", async () => {
    const alicePersonal = await server.services.tokens.create(alice.id, 'personal', ['repo']);
    const bobPersonal = await server.services.tokens.create(bob.id, 'personal', ['repo']);
    const oauth = await oauthToken(alice.id);
    const adminOauth = await oauthToken(admin.id); // a site admin's OAuth grant to a third-party app
    const installation = await installationToken();
    for (const caller of [oauth, adminOauth, installation]) {
      for (const target of [alicePersonal, bobPersonal, oauth, adminOauth, installation, { id: 999_999_999 }]) {
        const response = await revoke(target.id, caller.token);
        expect(response.status).toBe(403);
        expect((await response.json()).message).toMatch(/personal access token|not accessible by integration/);
      }
    }
    for (const target of [alicePersonal, bobPersonal, oauth, adminOauth, installation])
      expect(await works(target.token)).toBe(true);
  });
});
