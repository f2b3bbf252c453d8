// Test helpers for installable apps: an app with a fresh key pair, its
// installation, and JWTs signed the way an app (or an attacker) would.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AppPermissions } from '../auth/principal.js';
import { generateAppKeyPair } from '../apps/app-keys.js';
import { createApp, installApp, type AppRow, type InstallationRow } from '../apps/apps-store.js';
import type { TestServer } from './test-server.js';

export interface TestApp {
  app: AppRow;
  privateKeyPem: string;
  privateKey: KeyObject;
}

export async function createTestApp(
  server: TestServer,
  ownerId: number,
  name: string,
  permissions: AppPermissions = {
    contents: 'write',
    repository_hooks: 'write',
    administration: 'write',
    issues: 'write',
  },
  events: string[] = [],
): Promise<TestApp> {
  const { publicKey, privateKeyPem } = generateAppKeyPair();
  const { app } = await createApp(server.sql, ownerId, name, { publicKey, permissions, events });
  return { app, privateKeyPem, privateKey: createPrivateKey(privateKeyPem) };
}

export function installTestApp(
  server: TestServer,
  app: AppRow,
  accountId: number,
  options: { permissions?: AppPermissions; repositoryIds?: number[] | null } = {},
): Promise<InstallationRow> {
  return installApp(server.sql, app, accountId, {
    permissions: options.permissions,
    repositoryIds: options.repositoryIds ?? null,
    urls: server.services.urls,
  });
}

/** An RS256 app JWT; every claim can be overridden (`undefined` removes it). */
export async function appJwt(app: TestApp, nowSeconds: number, claims: Record<string, unknown> = {}): Promise<string> {
  const payload: Record<string, unknown> = {
    iat: nowSeconds - 30,
    exp: nowSeconds - 30 + 600,
    iss: app.app.id,
    ...claims,
  };
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(app.privateKey);
}

/** POST …/access_tokens with an app JWT; the parsed body and status. */
export async function requestInstallationToken(
  server: TestServer,
  jwt: string,
  installationId: number,
  body?: unknown,
) {
  const response = await server.api(`/app/installations/${installationId}/access_tokens`, {
    method: 'POST',
    token: jwt,
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers };
}

/** A token of a new app with `permissions`, installed on all of `accountId`'s repositories. */
export async function installationTokenFor(
  server: TestServer,
  accountId: number,
  name: string,
  permissions: AppPermissions,
): Promise<string> {
  const app = await createTestApp(server, accountId, name, permissions);
  const installation = await installTestApp(server, app.app, accountId);
  const { status, body } = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installation.id,
  );
  if (status !== 201) throw new Error(`installation token: ${status} ${JSON.stringify(body)}`);
  return body.token as string;
}
