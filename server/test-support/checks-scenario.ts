// The set-up of the checks REST tests: a server without a dispatcher,
// rest-owner's repository rest-owner/checked with main's head, rest-stranger
// without rights, and the app "Rest CI" (checks: write) installed there, with
// its installation token as the default caller.
import { expect } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from './apps.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';

export interface ChecksScenario {
  server: TestServer;
  owner: TestUser;
  stranger: TestUser;
  app: TestApp;
  /** The app's installation token. */
  token: string;
  /** main's head commit. */
  head: string;
  /** Calls the API as `as` (the app unless told). */
  call(path: string, method?: string, body?: unknown, as?: string): Promise<Response>;
}

export async function startChecksScenario(): Promise<ChecksScenario> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const owner = await server.createUser('rest-owner');
  const stranger = await server.createUser('rest-stranger');
  expect(
    (
      await server.api('/user/repos', {
        method: 'POST',
        token: owner.token,
        body: { name: 'checked', auto_init: true },
      })
    ).status,
  ).toBe(201);
  const repoId = (await server.services.repos.find('rest-owner', 'checked'))!.id;
  const head = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
  const app = await createTestApp(server, owner.id, 'Rest CI', { checks: 'write' });
  const installation = await installTestApp(server, app.app, owner.id);
  const token = (
    await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id)
  ).body.token as string;
  return {
    server,
    owner,
    stranger,
    app,
    token,
    head,
    call: (path, method = 'GET', body, as = token) => server.api(path, { method, token: as, body }),
  };
}
