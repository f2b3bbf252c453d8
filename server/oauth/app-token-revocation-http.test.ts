// An OAuth app revokes what it was issued, as on GitHub: one token with
// DELETE /applications/{client_id}/token, a user's whole grant with …/grant,
// authenticated by HTTP Basic with its client id and secret. Called through
// @octokit/oauth-methods with only the base URL changed, both base forms.
import { deleteAuthorization, deleteToken } from '@octokit/oauth-methods';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertToken } from '../auth/token-store.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { createOAuthApp, type OAuthAppRow } from './oauth-apps-store.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let app: OAuthAppRow;
let secret: string;
let other: OAuthAppRow;
let otherSecret: string;

async function oauthToken(userId: number, appId = app.id): Promise<string> {
  const created = await server.sql.begin((tx) =>
    insertToken(tx, { userId, kind: 'oauth', scopes: ['repo'], oauthAppId: appId }),
  );
  server.services.bus.applyLocally(`token:${created.id}`);
  return created.token;
}

const works = async (token: string) => (await server.api('/user', { token })).status === 200;
const basic = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
const del = (path: string, authorization: string | undefined, body: unknown) =>
  server.api(path, { method: 'DELETE', body, headers: authorization ? { authorization } : {} });

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  ({ app, clientSecret: secret } = await createOAuthApp(server.sql, bob.id, 'ci-tool'));
  ({ app: other, clientSecret: otherSecret } = await createOAuthApp(server.sql, bob.id, 'other-tool'));
});
afterAll(() => server.close());

describe('DELETE /applications/{client_id}/token', () => {
  it('revokes exactly that token, through @octokit/oauth-methods at the root and at /api/v3', async () => {
    for (const base of [server.url, `${server.url}/api/v3`]) {
      const token = await oauthToken(alice.id);
      const sibling = await oauthToken(alice.id);
      expect(await works(token)).toBe(true); // cached before the revocation
      const response = await deleteToken({
        clientType: 'oauth-app',
        clientId: app.client_id,
        clientSecret: secret,
        token,
        request: request.defaults({ baseUrl: base }),
      });
      expect(response.status).toBe(204);
      expect((await server.api('/user', { token })).status).toBe(401);
      expect(await works(sibling)).toBe(true);
    }
  });

  it('is 401 without credentials or with a wrong secret, and nothing changes', async () => {
    const token = await oauthToken(alice.id);
    for (const authorization of [
      undefined,
      basic(app.client_id, 'wrong'),
      basic(app.client_id, otherSecret),
      'Basic !!!',
      `Bearer ${alice.token}`,
    ]) {
      const response = await del(`/applications/${app.client_id}/token`, authorization, { access_token: token });
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe('requires authentication');
    }
    expect(await works(token)).toBe(true);
  });

  it("is 404 for another app's path, another app's token, a personal token or an unknown one", async () => {
    const mine = await oauthToken(alice.id);
    const theirs = await oauthToken(alice.id, other.id);
    const auth = basic(app.client_id, secret);
    expect((await del(`/applications/${other.client_id}/token`, auth, { access_token: theirs })).status).toBe(404);
    expect((await del(`/applications/${app.client_id}/token`, auth, { access_token: theirs })).status).toBe(404);
    expect((await del(`/applications/${app.client_id}/token`, auth, { access_token: alice.token })).status).toBe(404);
    expect((await del(`/applications/${app.client_id}/token`, auth, { access_token: 'gho_unknown' })).status).toBe(404);
    for (const token of [mine, theirs, alice.token]) expect(await works(token)).toBe(true);
  });

  it('is 422 without access_token and 400 for malformed JSON', async () => {
    const auth = basic(app.client_id, secret);
    const missing = await del(`/applications/${app.client_id}/token`, auth, {});
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual([
      expect.objectContaining({ field: 'access_token', code: 'missing_field' }),
    ]);
    const malformed = await server.api(`/applications/${app.client_id}/token`, {
      method: 'DELETE',
      rawBody: '{',
      headers: { authorization: auth },
    });
    expect(malformed.status).toBe(400);
  });
});

describe('DELETE /applications/{client_id}/grant', () => {
  it('revokes every token of the app for that user and the codes not yet exchanged, and nothing else', async () => {
    const [first, second] = [await oauthToken(alice.id), await oauthToken(alice.id)];
    const bobs = await oauthToken(bob.id);
    const aliceOtherApp = await oauthToken(alice.id, other.id);
    await server.sql`INSERT INTO oauth_authorization_codes (code_digest, app_id, user_id, redirect_uri, scopes, expires_at)
      VALUES (${Buffer.alloc(32, 7)}, ${app.id}, ${alice.id}, 'http://127.0.0.1/cb', ${['repo']}, now() + interval '10 minutes')`;
    const response = await deleteAuthorization({
      clientType: 'oauth-app',
      clientId: app.client_id,
      clientSecret: secret,
      token: first,
      request: request.defaults({ baseUrl: `${server.url}/api/v3` }),
    });
    expect(response.status).toBe(204);
    for (const token of [first, second]) expect((await server.api('/user', { token })).status).toBe(401);
    for (const token of [bobs, aliceOtherApp, alice.token]) expect(await works(token)).toBe(true);
    const codes =
      await server.sql`SELECT 1 FROM oauth_authorization_codes WHERE app_id = ${app.id} AND user_id = ${alice.id}`;
    expect(codes).toHaveLength(0);
  });

  it('is 404 for a token the app was not issued, and 401 with a wrong secret', async () => {
    const theirs = await oauthToken(alice.id, other.id);
    expect(
      (await del(`/applications/${app.client_id}/grant`, basic(app.client_id, secret), { access_token: theirs }))
        .status,
    ).toBe(404);
    expect(
      (await del(`/applications/${other.client_id}/grant`, basic(other.client_id, secret), { access_token: theirs }))
        .status,
    ).toBe(401);
    expect(await works(theirs)).toBe(true);
  });
});
