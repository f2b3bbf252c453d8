// The set-up of the installation path tests: ip-owner's private ip-owner/vault
// holding one of each kind of data (issue 1 with a milestone, pull request 2
// from topic, a status on main's head, release v1.0 with the asset tool.bin),
// and the app Narrow Reader installed on ip-owner with every permission those
// kinds need; tokenWith narrows its installation token to one set of permissions.
import { expect } from 'vitest';
import type { AppPermissions } from '../auth/principal.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from './apps.js';
import { gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';

export interface VaultIds {
  issueNode: string;
  pullNode: string;
  releaseNode: string;
  statusNode: string;
  assetId: number;
  sha: string;
  tag: string;
  asset: string;
}

export interface InstallationVaultScenario {
  server: TestServer;
  owner: TestUser;
  app: TestApp;
  installationId: number;
  git: GitCli;
  ids: VaultIds;
  /** An installation token holding these permissions only. */
  tokenWith(permissions: AppPermissions): Promise<string>;
  close(): Promise<void>;
}

/** The JSON body of an answer, which must have this status (the body explains a wrong one). */
export async function ok(response: Response | Promise<Response>, status = 200): Promise<any> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return answer.json();
}

export async function startInstallationVault(): Promise<InstallationVaultScenario> {
  const ids: VaultIds = {
    issueNode: '',
    pullNode: '',
    releaseNode: '',
    statusNode: '',
    assetId: 0,
    sha: '',
    tag: 'v1.0',
    asset: 'tool.bin',
  };
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const git = await gitCli();
  const owner = await server.createUser('ip-owner');
  const t = owner.token;
  await ok(
    server.api('/user/repos', { method: 'POST', token: t, body: { name: 'vault', private: true, auto_init: true } }),
    201,
  );
  const issue = await ok(
    server.api('/repos/ip-owner/vault/issues', {
      method: 'POST',
      token: t,
      body: { title: 'secret issue', body: 'hidden' },
    }),
    201,
  );
  ids.issueNode = issue.node_id;
  await ok(
    server.api('/repos/ip-owner/vault/milestones', { method: 'POST', token: t, body: { title: 'secret milestone' } }),
    201,
  );
  const main = await ok(server.api('/repos/ip-owner/vault/git/ref/heads/main', { token: t }));
  ids.sha = main.object.sha;
  await ok(
    server.api('/repos/ip-owner/vault/git/refs', {
      method: 'POST',
      token: t,
      body: { ref: 'refs/heads/topic', sha: ids.sha },
    }),
    201,
  );
  await ok(
    server.api('/repos/ip-owner/vault/contents/topic.txt', {
      method: 'PUT',
      token: t,
      body: { message: 'topic', content: 'dG9waWM=', branch: 'topic' },
    }),
    201,
  );
  const pull = await ok(
    server.api('/repos/ip-owner/vault/pulls', {
      method: 'POST',
      token: t,
      body: { title: 'secret pull', head: 'topic', base: 'main' },
    }),
    201,
  );
  ids.pullNode = pull.node_id;
  ids.statusNode = (
    await ok(
      server.api(`/repos/ip-owner/vault/statuses/${ids.sha}`, {
        method: 'POST',
        token: t,
        body: { state: 'success', context: 'ci' },
      }),
      201,
    )
  ).node_id;
  const release = await ok(
    server.api('/repos/ip-owner/vault/releases', {
      method: 'POST',
      token: t,
      body: { tag_name: ids.tag, target_commitish: 'main' },
    }),
    201,
  );
  ids.releaseNode = release.node_id;
  const upload = await fetch((release.upload_url as string).replace('{?name,label}', `?name=${ids.asset}`), {
    method: 'POST',
    headers: { authorization: `token ${t}`, 'content-type': 'application/octet-stream' },
    body: 'bytes',
  });
  expect(upload.status).toBe(201);
  ids.assetId = ((await upload.json()) as { id: number }).id;
  const app = await createTestApp(
    server,
    owner.id,
    'Narrow Reader',
    {
      metadata: 'read',
      contents: 'write',
      issues: 'write',
      pull_requests: 'write',
      statuses: 'write',
      checks: 'write',
      administration: 'write',
    },
    ['issues', 'pull_request', 'push'],
  );
  const installationId = (await installTestApp(server, app.app, owner.id)).id;
  return {
    server,
    owner,
    app,
    installationId,
    git,
    ids,
    async tokenWith(permissions) {
      const issued = await requestInstallationToken(
        server,
        await appJwt(app, Math.floor(Date.now() / 1000)),
        installationId,
        { permissions },
      );
      expect(issued.status).toBe(201);
      return issued.body.token as string;
    },
    async close() {
      await git.close();
      await server.close();
    },
  };
}
