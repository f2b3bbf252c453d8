// GET /user/emails and /user/public_emails: the caller's addresses in
// GitHub's `email` body, with the scopes GitHub asks (`user:email` or `user`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInstallationToken } from '../apps/installation-tokens.js';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_NOREPLY_HOST: 'wharf.test' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  await server.sql`UPDATE accounts SET email = 'alice@example.com' WHERE id = ${alice.id}`;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /user/emails', () => {
  it('lists the account’s email (primary, verified, private), then its noreply address', async () => {
    const res = await server.api('/api/v3/user/emails', { token: alice.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectBothSchemas(
      body,
      { path: '/user/emails', method: 'get' },
      { operationId: 'users/list-emails-for-authenticated-user' },
    );
    expect(body).toEqual([
      { email: 'alice@example.com', primary: true, verified: true, visibility: 'private' },
      { email: `${alice.id}+alice@users.noreply.wharf.test`, primary: false, verified: true, visibility: null },
    ]);
  });

  it('makes the noreply address primary for an account without an email', async () => {
    const body = await (await server.api('/user/emails', { token: carol.token })).json();
    expect(body).toEqual([
      { email: `${carol.id}+carol@users.noreply.wharf.test`, primary: true, verified: true, visibility: null },
    ]);
  });

  it('pages with per_page and Link', async () => {
    const res = await server.api('/user/emails?per_page=1', { token: alice.token });
    expect(await res.json()).toHaveLength(1);
    expect(res.headers.get('link')).toContain('rel="next"');
  });

  it('asks a classic token for user:email or user, and refuses anonymous callers and installation tokens', async () => {
    for (const scopes of [['user:email'], ['user']]) {
      const token = await server.tokenFor(alice.id, scopes);
      expect((await server.api('/user/emails', { token })).status).toBe(200);
      expect((await server.api('/user/public_emails', { token })).status).toBe(200);
    }
    const repoOnly = await server.tokenFor(alice.id, ['repo']);
    const refused = await server.api('/user/emails', { token: repoOnly });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-oauth-scopes')).toBe('user:email');
    expect((await server.api('/user/emails')).status).toBe(401);
    const app = await createTestApp(server, alice.id, 'mailer');
    const installation = await installTestApp(server, app.app, alice.id);
    const { token } = await issueInstallationToken(server.services, app.app.bot_id, installation, {});
    expect((await server.api('/user/emails', { token })).status).toBe(403);
  });
});

describe('GET /user/public_emails', () => {
  it('lists none: Wharf shows no address publicly', async () => {
    const res = await server.api('/user/public_emails', { token: alice.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectBothSchemas(
      body,
      { path: '/user/public_emails', method: 'get' },
      { operationId: 'users/list-public-emails-for-authenticated-user' },
    );
    expect(body).toEqual([]);
    expect((await server.api('/user/public_emails')).status).toBe(401);
  });
});
