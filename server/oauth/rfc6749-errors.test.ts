// WHARF_OAUTH_ERROR_STATUS=rfc6749: the token endpoint's flow errors keep
// GitHub's error codes and bodies but take RFC 6749's status codes (400, and
// 401 for client authentication) instead of GitHub's 200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { requestDeviceCode } from './device-flow.js';
import { createOAuthApp, type OAuthAppRow } from './oauth-apps-store.js';

let server: TestServer;
let app: OAuthAppRow;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off', WHARF_OAUTH_ERROR_STATUS: 'rfc6749' });
  const alice = await server.createUser('alice');
  ({ app } = await createOAuthApp(server.sql, alice.id, 'CLI', { deviceFlow: true }));
});
afterAll(() => server.close());

const token = (body: Record<string, string>) =>
  server.api('/login/oauth/access_token', { method: 'POST', headers: { accept: 'application/json' }, body });

describe('RFC 6749 status codes', () => {
  it('answers flow errors 400 and bad client credentials 401, with GitHub’s bodies', async () => {
    const { device_code } = await requestDeviceCode(server.sql, app, [], Date.now());
    const pending = await token({
      client_id: app.client_id,
      device_code,
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    });
    expect(pending.status).toBe(400);
    expect(await pending.json()).toMatchObject({ error: 'authorization_pending' });
    const client = await token({ client_id: 'nope', code: 'x' });
    expect(client.status).toBe(401);
    expect(await client.json()).toMatchObject({ error: 'incorrect_client_credentials' });
  });
});
