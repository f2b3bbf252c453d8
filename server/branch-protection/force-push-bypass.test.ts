// The force-push bypass list of a rule (GraphQL's bypassForcePushActorIds,
// migration 048; force-push-bypass.ts): where the rule refuses force pushes,
// its actors still may, on every path that moves a ref. A member of a listed
// team and a listed app's installation token rewrite the branch through the
// refs API, the team's member through git push too; a writer not listed is
// refused with GitHub's reason on both.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../ids/node-id.js';
import { createTeam, setTeamMember } from '../teams/team-service.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { grant } from '../test-support/grant.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let dave: TestUser;
let git: GitCli;
let repoNodeId: string;
let appToken: string;
const ids = { core: '', app: '' };

const CREATE = `mutation($input: CreateBranchProtectionRuleInput!) {
  createBranchProtectionRule(input: $input) { branchProtectionRule { id } } }`;
const gql = (query: string, variables: Record<string, unknown>) => graphqlOk(server, query, variables, alice.token);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  const org = await server.createOrg('acme', alice.id);
  const made = await server.api('/orgs/acme/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'guarded', auto_init: true },
  });
  const repo = (await made.json()) as { id: number; node_id: string };
  repoNodeId = repo.node_id;
  await grant(server, repo.id, carol.id, 'write');
  await grant(server, repo.id, dave.id, 'write');
  const deps = { sql: server.sql, bus: server.services.bus };
  const core = await createTeam(deps, org.id, { name: 'Core', privacy: 'closed' }, null);
  await setTeamMember(deps, core, dave.id, 'member');
  ids.core = encodeNodeId('Team', core.id);
  const app = await createTestApp(server, alice.id, 'Rebase Bot', { contents: 'write' });
  ids.app = encodeNodeId('App', app.app.id);
  const installation = await installTestApp(server, app.app, org.id);
  const token = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installation.id,
  );
  appToken = token.body.token as string;
  git = await gitCli();
}, 60_000);
afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('force pushes by the bypass list', () => {
  it('let a member of a listed team force-push where the rule refuses it, and nobody else', async () => {
    const created = await gql(CREATE, {
      input: { repositoryId: repoNodeId, pattern: 'main', bypassForcePushActorIds: [ids.core, ids.app] },
    });
    expect(created.errors).toBeUndefined();
    const tip = async () =>
      ((await (await server.api('/repos/acme/guarded/git/ref/heads/main', { token: alice.token })).json()) as any)
        .object.sha as string;
    const base = await tip();
    const wrote = await server.api('/repos/acme/guarded/contents/a.txt', {
      method: 'PUT',
      token: carol.token,
      body: { message: 'a', content: Buffer.from('a\n').toString('base64'), branch: 'main' },
    });
    expect(wrote.status).toBe(201);
    const ahead = await tip();
    const rewind = (token: string) =>
      server.api('/repos/acme/guarded/git/refs/heads/main', {
        method: 'PATCH',
        token,
        body: { sha: base, force: true },
      });
    const refused = await rewind(carol.token);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toContain('Cannot force-push to this branch');
    expect(await tip()).toBe(ahead);
    expect((await rewind(dave.token)).status).toBe(200);
    expect(await tip()).toBe(base);

    // An app listed pushes through its installation token.
    const forward = await server.api('/repos/acme/guarded/git/refs/heads/main', {
      method: 'PATCH',
      token: carol.token,
      body: { sha: ahead },
    });
    expect(forward.status).toBe(200);
    expect((await rewind(appToken)).status).toBe(200);

    // git push: carol's rewrite is refused, dave's goes through.
    const clone = async (user: TestUser) => {
      const work = join(git.home, user.login);
      await git.ok(['clone', '--quiet', cloneUrl(server.url, 'acme/guarded.git', user.token), work]);
      await git.ok(['-c', 'core.hooksPath=/dev/null', 'commit', '--quiet', '--allow-empty', '-m', user.login], {
        cwd: work,
      });
      return work;
    };
    const carolWork = await clone(carol);
    const daveWork = await clone(dave);
    await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: carolWork });
    const forced = await git.run(['push', '--force', 'origin', 'main'], { cwd: daveWork });
    expect(forced.code).toBe(0);
    expect(await tip()).toBe(await git.ok(['rev-parse', 'HEAD'], { cwd: daveWork }));
    // carol's commit is no longer in main's history: pushing it again rewrites dave's.
    const carolForced = await git.run(['push', '--force', 'origin', 'main'], { cwd: carolWork });
    expect(carolForced.code).not.toBe(0);
    expect(carolForced.stderr).toContain('remote: error: Cannot force-push to this branch');
  });
});
