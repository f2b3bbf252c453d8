// App JWTs at POST /app/installations/{id}/access_tokens: what is accepted,
// and GitHub's 401 for each way a JWT can be wrong. The server's clock is
// injected, so "expired" and "in the future" need no waiting.
import { createPublicKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { JWT_MESSAGES } from './app-jwt.js';

const START = Date.parse('2026-03-01T12:00:00Z');
let clock = START;
const nowS = () => Math.floor(clock / 1000);

let server: TestServer;
let app: TestApp;
let other: TestApp;
let installationId: number;
let otherInstallationId: number;

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
  const owner = await server.createUser('jwt-owner');
  app = await createTestApp(server, owner.id, 'JWT Checker');
  other = await createTestApp(server, owner.id, 'Other App');
  installationId = (await installTestApp(server, app.app, owner.id)).id;
  otherInstallationId = (await installTestApp(server, other.app, owner.id)).id;
});
afterAll(() => server.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function expect401(jwt: string, message: string, id = installationId) {
  const { status, body } = await requestInstallationToken(server, jwt, id);
  expect(status).toBe(401);
  expect(body.message).toBe(message);
}

describe('app JWTs', () => {
  it('accepts an RS256 JWT whose iss is the app id (number or string) or the client id', async () => {
    for (const iss of [app.app.id, String(app.app.id), app.app.client_id]) {
      const { status, body } = await requestInstallationToken(
        server,
        await appJwt(app, nowS(), { iss }),
        installationId,
      );
      expect(status).toBe(201);
      expect(body.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    }
  });

  it('accepts iat up to 60 s ahead and exp exactly 10 minutes after iat', async () => {
    const iat = nowS() + 60;
    const { status } = await requestInstallationToken(
      server,
      await appJwt(app, nowS(), { iat, exp: iat + 600 }),
      installationId,
    );
    expect(status).toBe(201);
  });

  it('rejects iat more than 60 s in the future, or not an integer', async () => {
    await expect401(await appJwt(app, nowS(), { iat: nowS() + 61, exp: nowS() + 300 }), JWT_MESSAGES.iat);
    await expect401(await appJwt(app, nowS(), { iat: nowS() + 0.5 }), JWT_MESSAGES.iat);
    await expect401(await appJwt(app, nowS(), { iat: undefined }), JWT_MESSAGES.iat);
  });

  it('rejects exp more than 10 minutes after iat', async () => {
    await expect401(await appJwt(app, nowS(), { iat: nowS(), exp: nowS() + 601 }), JWT_MESSAGES.tooLong);
  });

  it('rejects an expired JWT, and one without exp', async () => {
    const jwt = await appJwt(app, nowS());
    clock += 571_000; // past exp (iat - 30 + 600)
    try {
      await expect401(jwt, JWT_MESSAGES.expired);
    } finally {
      clock = START;
    }
    await expect401(await appJwt(app, nowS(), { exp: undefined }), JWT_MESSAGES.expired);
  });

  it("rejects a JWT signed with another app's key, or tampered with", async () => {
    await expect401(await appJwt(other, nowS(), { iss: app.app.id }), JWT_MESSAGES.undecodable);
    const [header, , signature] = (await appJwt(app, nowS())).split('.');
    const tampered = `${header}.${b64({ iat: nowS() - 30, exp: nowS() + 500, iss: other.app.id })}.${signature}`;
    await expect401(tampered, JWT_MESSAGES.undecodable, otherInstallationId);
  });

  it("rejects HS256 keyed with the app's public key, alg none and other algorithms", async () => {
    const publicPem = createPublicKey(app.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    // jose types `iss` as a string; apps send their numeric id.
    const claims = { iat: nowS() - 30, exp: nowS() + 500, iss: app.app.id as unknown as string };
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(publicPem));
    await expect401(hs256, JWT_MESSAGES.undecodable);
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, JWT_MESSAGES.undecodable);
    const rs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'RS512' }).sign(app.privateKey);
    await expect401(rs512, JWT_MESSAGES.undecodable);
  });

  it('answers an unknown issuer with Integration not found', async () => {
    await expect401(await appJwt(app, nowS(), { iss: 999_999 }), JWT_MESSAGES.unknownApp);
    await expect401(await appJwt(app, nowS(), { iss: 'Iv23nosuchclient' }), JWT_MESSAGES.unknownApp);
    await expect401(await appJwt(app, nowS(), { iss: undefined }), JWT_MESSAGES.unknownApp);
    await expect401(await appJwt(app, nowS(), { iss: 'Iv23\u0000' }), JWT_MESSAGES.unknownApp);
  });

  it('rejects what is not a JWT: garbage, a personal token, no credentials', async () => {
    await expect401('not-a-jwt', JWT_MESSAGES.undecodable);
    const user = await server.createUser('jwt-pat-user');
    await expect401(user.token, JWT_MESSAGES.undecodable);
    const response = await server.api(`/app/installations/${installationId}/access_tokens`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('requires authentication');
  });

  it('answers 404 for an installation of another app or none at all', async () => {
    const jwt = await appJwt(app, nowS());
    expect((await requestInstallationToken(server, jwt, otherInstallationId)).status).toBe(404);
    expect((await requestInstallationToken(server, jwt, 987_654)).status).toBe(404);
  });

  it("counts JWT calls against the app's own rate-limit bucket", async () => {
    const { headers } = await requestInstallationToken(server, await appJwt(app, nowS()), installationId);
    expect(headers.get('x-ratelimit-limit')).toBe('5000');
  });
});
