// An installation token narrowed to one permission pushes to the private
// ip-owner/vault only with contents: write, and the app's webhook gets an event
// only while its installation holds the event's permission (issue 32). The
// read paths are in installation-read-paths.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import type { AppPermissions } from '../auth/principal.js';
import { installTestApp, type TestApp } from '../test-support/apps.js';
import { cloneUrl, type GitCli } from '../test-support/git-cli.js';
import {
  ok,
  startInstallationVault,
  type InstallationVaultScenario,
} from '../test-support/installation-vault-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let vault: InstallationVaultScenario;
let server: TestServer;
let owner: TestUser;
let app: TestApp;
let git: GitCli;
const tokenWith = (permissions: AppPermissions) => vault.tokenWith(permissions);

beforeAll(async () => {
  vault = await startInstallationVault();
  ({ server, owner, app, git } = vault);
});
afterAll(async () => {
  await vault?.close();
});

describe('git push', () => {
  it('needs contents: write; administration: write alone (an admin role elsewhere) pushes nothing', async () => {
    const dir = `${git.home}/push-work`;
    await git.ok(['clone', cloneUrl(server.url, 'ip-owner/vault.git', owner.token, owner.login), dir]);
    await git.ok(['commit', '--allow-empty', '-m', 'by app'], { cwd: dir });
    for (const permissions of [
      { contents: 'read' },
      { administration: 'write' },
      { issues: 'write' },
    ] as AppPermissions[]) {
      const pushed = await git.run(
        ['push', cloneUrl(server.url, 'ip-owner/vault.git', await tokenWith(permissions)), 'HEAD:refs/heads/from-app'],
        { cwd: dir },
      );
      expect(pushed.code, JSON.stringify(permissions)).not.toBe(0);
    }
    const pushed = await git.run(
      [
        'push',
        cloneUrl(server.url, 'ip-owner/vault.git', await tokenWith({ contents: 'write' })),
        'HEAD:refs/heads/from-app',
      ],
      { cwd: dir },
    );
    expect(pushed.code, pushed.stderr).toBe(0);
  });
});

describe("the app's webhook", () => {
  it('gets an event only when its installation holds the permission of the event', async () => {
    await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: 'http://127.0.0.1:9/hook' }));
    const appJobs = async () =>
      (
        await server.sql<{ event: string }[]>`
      SELECT j.event FROM webhook_jobs j JOIN hooks h ON h.id = j.hook_id WHERE h.app_id = ${app.app.id} AND j.event <> 'ping' ORDER BY j.id`
      ).map((row) => row.event);
    await ok(
      server.api('/repos/ip-owner/vault/issues', {
        method: 'POST',
        token: owner.token,
        body: { title: 'seen by the app' },
      }),
      201,
    );
    expect(await appJobs()).toEqual(['issues']);
    // The same app installed with pull requests only: issues events no longer reach it.
    await installTestApp(server, app.app, owner.id, { permissions: { metadata: 'read', pull_requests: 'read' } });
    await ok(
      server.api('/repos/ip-owner/vault/issues', {
        method: 'POST',
        token: owner.token,
        body: { title: 'not for the app' },
      }),
      201,
    );
    await ok(
      server.api('/repos/ip-owner/vault/pulls/2', {
        method: 'PATCH',
        token: owner.token,
        body: { title: 'renamed pull' },
      }),
    );
    expect(await appJobs()).toEqual(['issues', 'pull_request']);
  });
});
