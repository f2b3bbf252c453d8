// Forks over REST: POST …/forks answers GitHub's `full-repository` (202) with
// `fork`, `parent` and `source`; the parent counts its forks; forking again
// answers the same fork; a taken name gets `-1`; private stays private and
// readers only see forks they can read; the `fork` event is GitHub's payload;
// a git failure leaves nothing behind. Bodies are checked against GitHub's schemas.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../collaborators/collaborators.js';
import { apiCall, apiOk } from '../test-support/api-call.js';
import { schemaErrors } from '../test-support/contract-schema.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

const fork = (path: string, token: string, body?: unknown) =>
  apiCall(server, `${path}/forks`, { method: 'POST', token, body });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  await apiOk(server, '/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'upstream', auto_init: true, description: 'the original' },
  });
  await apiOk(server, '/repos/alice/upstream/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['fork'] },
  });
});
afterAll(() => server.close());

async function forkEvents(repositoryName: string) {
  const rows = await server.sql<{ action: string | null; payload: string }[]>`
    SELECT j.action, j.payload FROM webhook_jobs j JOIN repositories r ON r.id = j.repository_id
    WHERE j.event = 'fork' AND r.name = ${repositoryName} ORDER BY j.id`;
  return rows.map((row) => {
    const payload = JSON.parse(row.payload);
    expect(row.action).toBeNull();
    expect(githubWebhookErrors('fork', null, payload)).toBe('');
    expect(schemaErrors('webhook-payload', payload)).toBe('');
    return payload;
  });
}

describe('POST /repos/{owner}/{repo}/forks', () => {
  it('makes a fork with its parent and source, counted by the parent, and sends the fork event', async () => {
    const answer = await fork('/repos/alice/upstream', bob.token);
    expect(answer.status, JSON.stringify(answer.json)).toBe(202);
    expect(githubResponseErrors('repos/create-fork', 202, answer.json)).toBe('');
    expect(answer.json).toMatchObject({
      full_name: 'bob/upstream',
      fork: true,
      private: false,
      description: 'the original',
      default_branch: 'main',
      owner: { login: 'bob' },
      parent: { full_name: 'alice/upstream' },
      source: { full_name: 'alice/upstream' },
      permissions: { admin: true },
    });
    const got = await apiOk(server, '/repos/bob/upstream', { token: bob.token });
    expect(githubResponseErrors('repos/get', 200, got)).toBe('');
    expect(got).toMatchObject({
      fork: true,
      parent: { full_name: 'alice/upstream', fork: false },
      source: { full_name: 'alice/upstream' },
    });
    // The fork has the parent's branches and their mirror rows.
    const refs = await apiOk(server, '/repos/bob/upstream/git/refs/heads/main');
    const parentRefs = await apiOk(server, '/repos/alice/upstream/git/refs/heads/main');
    expect(refs.object.sha).toBe(parentRefs.object.sha);
    const parent = await apiOk(server, '/repos/alice/upstream');
    expect(parent).toMatchObject({ fork: false, forks_count: 1, forks: 1 });
    expect(parent.parent).toBeUndefined();
    const [event, ...more] = await forkEvents('upstream');
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      forkee: { full_name: 'bob/upstream', fork: true, public: true },
      repository: { full_name: 'alice/upstream', forks_count: 1 },
      sender: { login: 'bob' },
    });
  });

  it('answers the existing fork when forked again into the same account', async () => {
    const first = await apiOk(server, '/repos/bob/upstream');
    const again = await fork('/repos/alice/upstream', bob.token, { name: 'other-name' });
    expect(again.status).toBe(202);
    expect(again.json.id).toBe(first.id);
    expect((await apiOk(server, '/repos/alice/upstream')).forks_count).toBe(1);
    expect(await forkEvents('upstream')).toHaveLength(1);
  });

  it('makes one fork of two simultaneous requests; a fork of another parent with that name gets -1', async () => {
    await apiOk(server, '/user/repos', { method: 'POST', token: carol.token, body: { name: 'twin' } });
    await apiOk(server, '/user/repos', { method: 'POST', token: dave.token, body: { name: 'twin' } });
    const [a, b] = await Promise.all([fork('/repos/carol/twin', bob.token), fork('/repos/carol/twin', bob.token)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.json.id).toBe(b.json.id);
    expect((await apiOk(server, '/repos/carol/twin')).forks_count).toBe(1);
    const other = await fork('/repos/dave/twin', bob.token);
    expect(other.json.full_name).toBe('bob/twin-1');
  });

  it('appends -1 to a name the account already has, and chains parent and source for a fork of a fork', async () => {
    await apiOk(server, '/user/repos', { method: 'POST', token: carol.token, body: { name: 'upstream' } });
    const answer = await fork('/repos/bob/upstream', carol.token);
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({
      full_name: 'carol/upstream-1',
      parent: { full_name: 'bob/upstream' },
      source: { full_name: 'alice/upstream' },
    });
    expect((await apiOk(server, '/repos/bob/upstream')).forks_count).toBe(1);
    expect((await apiOk(server, '/repos/alice/upstream')).forks_count).toBe(1);
  });

  it('takes the name given, and only the default branch when asked', async () => {
    await apiOk(server, '/repos/alice/upstream/git/refs', {
      method: 'POST',
      token: alice.token,
      body: {
        ref: 'refs/heads/feature',
        sha: (await apiOk(server, '/repos/alice/upstream/git/refs/heads/main')).object.sha,
      },
    });
    const answer = await fork('/repos/alice/upstream', dave.token, { name: 'mine', default_branch_only: true });
    expect(answer.status).toBe(202);
    expect(answer.json.full_name).toBe('dave/mine');
    expect(
      (await apiOk(server, '/repos/dave/mine/git/matching-refs/heads')).map((r: { ref: string }) => r.ref),
    ).toEqual(['refs/heads/main']);
  });

  it('refuses bad input: own account 422, bad name 422, anonymous 401, unknown repository 404', async () => {
    expect((await fork('/repos/alice/upstream', alice.token)).status).toBe(422);
    expect((await fork('/repos/alice/upstream', carol.token, { name: 'bad name' })).status).toBe(422);
    expect((await fork('/repos/alice/upstream', carol.token, { organization: 'nobody-here' })).status).toBe(422);
    expect((await apiCall(server, '/repos/alice/upstream/forks', { method: 'POST', body: {} })).status).toBe(401);
    expect((await fork('/repos/alice/nothing', bob.token)).status).toBe(404);
  });

  it('forks into an organization the caller is a member of, and not into another', async () => {
    await server.createOrg('acme', carol.id);
    expect((await fork('/repos/alice/upstream', bob.token, { organization: 'acme' })).status).toBe(403);
    const answer = await fork('/repos/alice/upstream', carol.token, { organization: 'acme' });
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({ full_name: 'acme/upstream', organization: { login: 'acme' } });
  });

  it('keeps a private repository private: readers may fork, others cannot see it', async () => {
    const secret = await apiOk(server, '/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'secret', private: true, auto_init: true },
    });
    await setCollaborator(server.sql, secret.id, bob.id, 'read');
    expect((await fork('/repos/alice/secret', dave.token)).status).toBe(403);
    const answer = await fork('/repos/alice/secret', bob.token);
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({ full_name: 'bob/secret', private: true, visibility: 'private' });
    expect((await apiCall(server, '/repos/bob/secret', { token: dave.token })).status).toBe(403);
    // The private parent's readers read its forks (they inherit its permissions: private-forks.test.ts).
    for (const reader of [alice, bob]) {
      expect(
        (await apiOk(server, '/repos/alice/secret/forks', { token: reader.token })).map(
          (r: { full_name: string }) => r.full_name,
        ),
      ).toEqual(['bob/secret']);
    }
  });

  it('leaves no row and no directory when git fails', async () => {
    const broken = await apiOk(server, '/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'broken', auto_init: true },
    });
    await server.services.git.remove(broken.id);
    const [row] = await server.sql<{ max: number }[]>`SELECT max(id)::int AS max FROM repositories`;
    const answer = await fork('/repos/alice/broken', bob.token);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(await server.sql`SELECT 1 FROM repositories WHERE parent_id = ${broken.id}`).toHaveLength(0);
    expect(existsSync(server.services.git.pathOf(row!.max + 1))).toBe(false);
    expect((await apiOk(server, '/repos/alice/broken')).forks_count).toBe(0);
    expect(await forkEvents('broken')).toEqual([]);
  });
});

describe('GET /repos/{owner}/{repo}/forks', () => {
  it('lists direct forks newest first (or oldest), paginated with Link', async () => {
    const names = (list: { full_name: string }[]) => list.map((r) => r.full_name);
    const newest = await apiOk(server, '/repos/alice/upstream/forks');
    expect(githubResponseErrors('repos/list-forks', 200, newest)).toBe('');
    expect(names(newest)).toEqual(['acme/upstream', 'dave/mine', 'bob/upstream']);
    expect(newest.every((r: { fork: boolean }) => r.fork)).toBe(true);
    expect(names(await apiOk(server, '/repos/alice/upstream/forks?sort=oldest'))).toEqual([
      'bob/upstream',
      'dave/mine',
      'acme/upstream',
    ]);
    const page = await apiCall(server, '/repos/alice/upstream/forks?sort=oldest&per_page=1&page=2');
    expect(names(page.json)).toEqual(['dave/mine']);
    expect(page.res.headers.get('link')).toContain('rel="next"');
    expect((await apiCall(server, '/repos/alice/upstream/forks?sort=sideways')).status).toBe(422);
  });
});

describe('GET /repos/{owner}/{repo}/forks of a private repository', () => {
  it('filters the forks a caller cannot read before paging, so pages and Link count only visible forks', async () => {
    const parent = await apiOk(server, '/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'hidden', private: true, auto_init: true },
    });
    for (const user of [bob, carol, dave]) {
      await setCollaborator(server.sql, parent.id, user.id, 'read');
      expect((await fork('/repos/alice/hidden', user.token)).status).toBe(202);
    }
    const names = (list: { full_name: string }[]) => list.map((r) => r.full_name);
    expect(names(await apiOk(server, '/repos/alice/hidden/forks?sort=oldest', { token: dave.token }))).toEqual([
      'bob/hidden',
      'carol/hidden',
      'dave/hidden',
    ]);
    // Made public, the parent no longer lends its readers to its private forks:
    // carol may read bob's private fork too (a collaborator on it); dave reads only his own.
    await apiOk(server, '/repos/alice/hidden', { method: 'PATCH', token: alice.token, body: { private: false } });
    const bobsFork = await apiOk(server, '/repos/bob/hidden', { token: bob.token });
    await setCollaborator(server.sql, bobsFork.id, carol.id, 'read');
    const asCarol = async (query: string) =>
      apiCall(server, `/repos/alice/hidden/forks?sort=oldest&per_page=1&${query}`, { token: carol.token });
    const first = await asCarol('page=1');
    expect(names(first.json)).toEqual(['bob/hidden']);
    expect(first.res.headers.get('link')).toContain('page=2>; rel="last"');
    const second = await asCarol('page=2');
    expect(names(second.json)).toEqual(['carol/hidden']);
    expect(second.res.headers.get('link')).not.toContain('rel="next"');
    expect((await asCarol('page=3')).json).toEqual([]);
    expect(names(await apiOk(server, '/repos/alice/hidden/forks', { token: dave.token }))).toEqual(['dave/hidden']);
    const admin = await server.createUser('root', { siteAdmin: true });
    expect(names(await apiOk(server, '/repos/alice/hidden/forks?sort=oldest', { token: admin.token }))).toEqual([
      'bob/hidden',
      'carol/hidden',
      'dave/hidden',
    ]);
  });
});

describe('deleting', () => {
  it("a fork lowers the parent's forks_count; the parent leaves its forks standing, still forks", async () => {
    await apiOk(server, '/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'doomed', auto_init: true },
    });
    expect((await fork('/repos/alice/doomed', bob.token)).status).toBe(202);
    expect((await fork('/repos/alice/doomed', carol.token)).status).toBe(202);
    expect((await apiOk(server, '/repos/alice/doomed')).forks_count).toBe(2);
    expect((await apiCall(server, '/repos/carol/doomed', { method: 'DELETE', token: carol.token })).status).toBe(204);
    expect((await apiOk(server, '/repos/alice/doomed')).forks_count).toBe(1);
    expect((await apiCall(server, '/repos/alice/doomed', { method: 'DELETE', token: alice.token })).status).toBe(204);
    const orphan = await apiOk(server, '/repos/bob/doomed');
    expect(githubResponseErrors('repos/get', 200, orphan)).toBe('');
    expect(orphan.fork).toBe(true);
    expect(orphan.parent).toBeUndefined();
    expect(orphan.source).toBeUndefined();
  });
});
