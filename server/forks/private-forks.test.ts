// Private forks, GitHub's way (issue 32, finding 2): their readers come from
// the upstream, not from the account they were forked into; their visibility
// cannot change; a person's forks go when the person loses access to the
// upstream; deleting a private repository deletes its private forks. Read
// access is checked over REST, GraphQL and git.
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import { removeCollaborator, setCollaborator } from '../collaborators/collaborators.js';
import { apiCall, apiOk } from '../test-support/api-call.js';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { eventually, wharfCli } from '../test-support/cli.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { grant } from '../test-support/grant.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader } from '../test-support/webhook-outbox.js';

let server: TestServer;
let git: GitCli;
let alice: TestUser; // owns the org `acme` and its private `acme/secret`
let bob: TestUser; // member of `acme` (reads acme/secret), owns the org `elsewhere`
let mallory: TestUser; // member of `elsewhere` only
let carol: TestUser; // read collaborator on acme/secret, not a member of acme
let secretId: number;

const status = async (path: string, token: string) => (await apiCall(server, path, { token })).status;
const fork = (path: string, token: string, body: unknown = {}) =>
  apiCall(server, `${path}/forks`, { method: 'POST', token, body });
const QUERY =
  'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { nameWithOwner viewerPermission } }';

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  git = await gitCli();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  mallory = await server.createUser('mallory');
  carol = await server.createUser('carol');
  const acme = await server.createOrg('acme', alice.id);
  await server.services.accounts.addMember(acme.id, bob.id, 'member');
  const elsewhere = await server.createOrg('elsewhere', bob.id);
  await server.services.accounts.addMember(elsewhere.id, mallory.id, 'member');
  secretId = (
    await apiOk(server, '/orgs/acme/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'secret', private: true, auto_init: true },
    })
  ).id;
  await grant(server, secretId, carol.id, 'read');
  expect((await fork('/repos/acme/secret', bob.token, { organization: 'elsewhere' })).status).toBe(202);
});
afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('reading a private fork', () => {
  it("is refused to a member of the fork's organization without access to the upstream: REST 403, GraphQL nothing, git clone fails", async () => {
    expect(await status('/repos/elsewhere/secret', mallory.token)).toBe(403);
    const answer = await graphqlOk(server, QUERY, { owner: 'elsewhere', name: 'secret' }, mallory.token);
    expect(answer.data?.repository).toBeNull();
    const dir = await mkdtemp(join(git.home, 'clone-'));
    const clone = await git.run(['clone', cloneUrl(server.url, 'elsewhere/secret.git', mallory.token), dir]);
    expect(clone.code).not.toBe(0);
    await rm(dir, { recursive: true, force: true });
    // Nor do lists show it, or its issues.
    await apiOk(server, '/repos/elsewhere/secret/issues', {
      method: 'POST',
      token: bob.token,
      body: { title: 'fork-only plans' },
    });
    const mine = (await apiOk(server, '/user/repos?per_page=100', { token: mallory.token })).map(
      (r: { full_name: string }) => r.full_name,
    );
    expect(mine).not.toContain('elsewhere/secret');
    expect(
      (await apiOk(server, '/issues?filter=all', { token: mallory.token })).map((i: { title: string }) => i.title),
    ).toEqual([]);
    expect((await apiOk(server, '/search/issues?q=plans', { token: mallory.token })).total_count).toBe(0);
    expect((await apiOk(server, '/search/issues?q=plans', { token: carol.token })).total_count).toBe(1);
    expect(
      (await apiOk(server, '/user/repos?per_page=100', { token: bob.token })).map(
        (r: { full_name: string }) => r.full_name,
      ),
    ).toContain('elsewhere/secret');
  });

  it("is granted to the upstream's readers (read only, through a fork in an organization) and kept by the fork's owners", async () => {
    expect((await apiOk(server, '/repos/elsewhere/secret', { token: alice.token })).permissions).toMatchObject({
      pull: true,
      push: false,
      admin: false,
    });
    expect((await apiOk(server, '/repos/elsewhere/secret', { token: carol.token })).permissions).toMatchObject({
      pull: true,
      push: false,
    });
    expect((await apiOk(server, '/repos/elsewhere/secret', { token: bob.token })).permissions).toMatchObject({
      admin: true,
    });
    const answer = await graphqlOk(server, QUERY, { owner: 'elsewhere', name: 'secret' }, alice.token);
    expect(answer.data?.repository).toEqual({ nameWithOwner: 'elsewhere/secret', viewerPermission: 'READ' });
    await git.ok([
      'clone',
      '--bare',
      cloneUrl(server.url, 'elsewhere/secret.git', carol.token),
      join(git.home, 'carol-clone.git'),
    ]);
  });

  it("follows the upstream's grants: a collaborator removed from the upstream no longer reads the fork", async () => {
    const dave = await server.createUser('dave');
    await grant(server, secretId, dave.id, 'write');
    expect(await status('/repos/elsewhere/secret', dave.token)).toBe(200);
    expect(await removeCollaborator(server.sql, secretId, dave.id)).toBe(true);
    // The cached permission on the fork goes with the notice of the upstream's change.
    expect(
      await eventually(
        () => status('/repos/elsewhere/secret', dave.token),
        (code) => code === 403,
      ),
    ).toBe(403);
  });

  it("gives a fork in a personal account the upstream's permissions in full (its admins administer it)", async () => {
    expect((await fork('/repos/acme/secret', carol.token)).status).toBe(202);
    expect((await apiOk(server, '/repos/carol/secret', { token: alice.token })).permissions).toMatchObject({
      admin: true,
    });
    expect((await apiOk(server, '/repos/carol/secret', { token: bob.token })).permissions).toMatchObject({
      pull: true,
      push: false,
    });
    expect(await status('/repos/carol/secret', mallory.token)).toBe(403);
    // Forks of a private repository are listed to its readers.
    const names = (await apiOk(server, '/repos/acme/secret/forks?sort=oldest', { token: alice.token })).map(
      (r: { full_name: string }) => r.full_name,
    );
    expect(names).toEqual(['elsewhere/secret', 'carol/secret']);
  });
});

describe('the visibility of a fork', () => {
  it("cannot change: 422 with GitHub's message, and the fork stays private", async () => {
    const answer = await apiCall(server, '/repos/elsewhere/secret', {
      method: 'PATCH',
      token: bob.token,
      body: { private: false },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual([
      expect.objectContaining({
        field: 'private',
        message: 'For security reasons, you cannot change the visibility of a fork.',
      }),
    ]);
    expect((await apiOk(server, '/repos/elsewhere/secret', { token: bob.token })).private).toBe(true);
    expect(await status('/repos/elsewhere/secret', mallory.token)).toBe(403);
    // Other fields still change.
    expect(
      (
        await apiCall(server, '/repos/elsewhere/secret', {
          method: 'PATCH',
          token: bob.token,
          body: { description: 'ours', private: true },
        })
      ).status,
    ).toBe(200);
  });
});

describe('losing access to a private repository', () => {
  it("deletes the person's forks of it (and the private forks of those), with the repository deleted event; forks in an organization stay", async () => {
    const erin = await server.createUser('erin');
    await grant(server, secretId, erin.id, 'read');
    const erinsFork = (await fork('/repos/acme/secret', erin.token, { name: 'mine' })).json;
    expect(erinsFork.full_name).toBe('erin/mine');
    // An app installed on erin's account hears of its repositories' deletion.
    const watcher = await createTestApp(server, erin.id, 'Erin Watcher', { contents: 'read' }, ['repository']);
    await server.sql.begin((tx) => setAppHook(tx, watcher.app.id, { url: 'https://example.com/app-hook' }));
    await installTestApp(server, watcher.app, erin.id, { repositoryIds: null });
    // mallory's fork of erin's fork goes with it (a private repository's deletion takes its private forks).
    await setCollaborator(server.sql, erinsFork.id, mallory.id, 'read');
    server.services.repos.changedLocally(erinsFork.id);
    expect((await fork('/repos/erin/mine', mallory.token)).status).toBe(202);
    const events = outboxReader(server, { events: ['repository'] });
    await events();

    const out = JSON.parse(await wharfCli(server, 'admin', 'remove-collaborator', 'acme/secret', 'erin'));
    expect(out).toMatchObject({ removed: true, deleted_forks: ['erin/mine', 'mallory/mine'] });
    expect(
      await eventually(
        () => status('/repos/erin/mine', erin.token),
        (code) => code === 404,
      ),
    ).toBe(404);
    expect(await status('/repos/mallory/mine', mallory.token)).toBe(404);
    expect(existsSync(server.services.git.pathOf(erinsFork.id))).toBe(false);
    const deleted = (await events()).filter((job) => job.action === 'deleted');
    expect(deleted.map((job) => job.payload.repository.full_name)).toEqual(['erin/mine']);
    // The fork in bob's organization, and the upstream, stand.
    expect(await status('/repos/elsewhere/secret', bob.token)).toBe(200);
    expect(await status('/repos/acme/secret', alice.token)).toBe(200);
  });

  it('keeps the forks of someone who still reads the upstream another way', async () => {
    await grant(server, secretId, bob.id, 'write');
    const out = JSON.parse(await wharfCli(server, 'admin', 'remove-collaborator', 'acme/secret', 'bob'));
    expect(out).toMatchObject({ removed: true, deleted_forks: [] });
  });
});

describe('leaving the organization of a private repository', () => {
  it("deletes the member's forks of its private repositories", async () => {
    const frank = await server.createUser('frank');
    const acme = (await server.services.accounts.byLogin('acme'))!;
    await server.services.accounts.addMember(acme.id, frank.id, 'member');
    expect((await fork('/repos/acme/secret', frank.token)).status).toBe(202);
    const out = JSON.parse(await wharfCli(server, 'admin', 'remove-member', 'acme', 'frank'));
    expect(out).toEqual({ org: 'acme', login: 'frank', removed: true, deleted_forks: ['frank/secret'] });
    expect(
      await eventually(
        () => status('/repos/frank/secret', frank.token),
        (code) => code === 404,
      ),
    ).toBe(404);
    expect(await status('/repos/acme/secret', frank.token)).toBe(403);
    await expect(wharfCli(server, 'admin', 'remove-member', 'acme', 'frank')).rejects.toThrow(/not a member of acme/);
  });
});

describe('deleting a private repository', () => {
  it('deletes its private forks, and theirs', async () => {
    expect((await fork('/repos/carol/secret', bob.token)).status).toBe(202);
    const forks = ['elsewhere/secret', 'carol/secret', 'bob/secret'];
    const ids = await Promise.all(
      forks.map(async (name) => (await apiOk(server, `/repos/${name}`, { token: alice.token })).id as number),
    );
    expect((await apiCall(server, '/repos/acme/secret', { method: 'DELETE', token: alice.token })).status).toBe(204);
    for (const name of forks) expect(await status(`/repos/${name}`, bob.token), name).toBe(404);
    expect(await server.sql`SELECT id FROM repositories WHERE id = ANY(${ids})`).toEqual([]);
    for (const id of ids) expect(existsSync(server.services.git.pathOf(id))).toBe(false);
  });

  it("leaves a public repository's forks standing", async () => {
    await apiOk(server, '/user/repos', { method: 'POST', token: alice.token, body: { name: 'open', auto_init: true } });
    expect((await fork('/repos/alice/open', bob.token)).status).toBe(202);
    expect((await apiCall(server, '/repos/alice/open', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect(await status('/repos/bob/open', mallory.token)).toBe(200);
  });
});
