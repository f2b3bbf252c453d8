// `wharf admin create-app | install-app | uninstall-app`, run as a separate
// process against a running test server, then used the way an app would.
import { execFile } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test-support/cli.js';
import { appJwt, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import type { AppRow } from '../apps/apps-store.js';

const run = promisify(execFile);
const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

let server: TestServer;
let owner: TestUser;

async function wharf(...args: string[]) {
  try {
    const { stdout } = await run('node', [CLI, 'admin', ...args], {
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        WHARF_DATA_DIR: server.dataDir,
        WHARF_LOG_LEVEL: 'warn',
      },
    });
    return { code: 0, out: JSON.parse(stdout) as Record<string, any>, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, out: {}, stderr: e.stderr };
  }
}

const asTestApp = (id: number, pem: string): TestApp => ({
  app: { id } as AppRow,
  privateKeyPem: pem,
  privateKey: createPrivateKey(pem),
});
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser('cli-app-owner');
  for (const name of ['r1', 'r2'])
    await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name } });
});
afterAll(() => server.close());

describe('wharf admin create-app / install-app / uninstall-app', () => {
  it('generates a key pair, prints the private key once and keeps only the public key', async () => {
    const created = await wharf(
      'create-app',
      'cli-app-owner',
      'CI Bot',
      '--permissions',
      'contents:write,issues:read',
      '--events',
      'push,create',
    );
    expect(created.code).toBe(0);
    expect(created.out).toMatchObject({
      slug: 'ci-bot',
      bot: 'ci-bot[bot]',
      owner: 'cli-app-owner',
      events: ['push', 'create'],
    });
    expect(created.out.client_id).toMatch(/^Iv23[0-9a-f]{16}$/);
    expect(created.out.permissions).toEqual({ contents: 'write', issues: 'read', metadata: 'read' });
    expect(created.out.private_key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    const [stored] = await server.sql<
      { pem: string }[]
    >`SELECT public_key_pem AS pem FROM app_keys WHERE app_id = ${created.out.id}`;
    expect(stored!.pem).toMatch(/BEGIN PUBLIC KEY/);
    const [leak] = await server.sql`SELECT 1 FROM app_keys WHERE public_key_pem LIKE '%PRIVATE%'`;
    expect(leak).toBeUndefined();

    const installed = await wharf('install-app', 'ci-bot', 'cli-app-owner', '--repositories', 'r1');
    expect(installed.code).toBe(0);
    expect(installed.out).toMatchObject({
      app_slug: 'ci-bot',
      account: 'cli-app-owner',
      repository_selection: 'selected',
    });
    const app = asTestApp(created.out.id, created.out.private_key);
    const issued = await requestInstallationToken(server, await appJwt(app, nowS()), installed.out.id);
    expect(issued.status).toBe(201);
    expect(issued.body.repositories.map((r: { name: string }) => r.name)).toEqual(['r1']);
    expect(issued.body.permissions).toEqual({ contents: 'write', issues: 'read', metadata: 'read' });

    expect((await wharf('uninstall-app', String(installed.out.id))).code).toBe(0);
    const gone = await eventually(
      () => server.api('/installation/repositories', { token: issued.body.token }),
      (r) => r.status === 401,
    );
    expect(gone.status).toBe(401);
  });

  it("registers a public key the owner made; that key's JWTs work", async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const file = join(server.dataDir, 'app-key.pem');
    await writeFile(file, publicKey.export({ type: 'spki', format: 'pem' }));
    const created = await wharf('create-app', 'cli-app-owner', 'Own Key App', '--public-key-file', file);
    expect(created.code).toBe(0);
    expect(created.out.private_key).toBeUndefined();
    expect(created.out.key_fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}=$/);
    const installed = await wharf('install-app', String(created.out.id), 'cli-app-owner');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const issued = await requestInstallationToken(
      server,
      await appJwt(asTestApp(created.out.id, pem), nowS()),
      installed.out.id,
    );
    expect(issued.status).toBe(201);
    expect(issued.body.repository_selection).toBe('all');
  });

  it('refuses bad input with a message and exit code 1', async () => {
    const cases: [string[], RegExp][] = [
      [['create-app', 'cli-app-owner', 'Bad Perm', '--permissions', 'contents:everything'], /needs a level/],
      [['create-app', 'cli-app-owner', 'Bad Perm', '--permissions', 'teleport:write'], /unknown permission/],
      [['create-app', 'cli-app-owner', 'CI Bot'], /already exists/],
      [['create-app', 'nobody-here', 'Orphan'], /no user or organization/],
      [['create-app', 'cli-app-owner', 'Bad Key', '--public-key-file', '/etc/hostname'], /not a PEM-encoded RSA key/],
      [['install-app', 'ci-bot', 'cli-app-owner', '--permissions', 'administration:write'], /exceed the app's/],
      [['install-app', 'ci-bot', 'cli-app-owner', '--repositories', 'r1,missing'], /no repository named missing/],
      [['install-app', 'no-such-app', 'cli-app-owner'], /no app no-such-app/],
      [['uninstall-app', '999999'], /no installation with id 999999/],
    ];
    for (const [args, message] of cases) {
      const result = await wharf(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });
});
