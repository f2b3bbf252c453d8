// Gists over REST: create → get → update (add, rename, remove, description)
// → revisions and history → star → fork → delete, each body checked against
// GitHub's own schemas; secret gists unlisted but readable by id; others
// cannot change or delete a gist (404); installation tokens refused; bad
// input 400/422; unknown ids 404; a deleted gist's node id is never reused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk } from '../test-support/api-call.js';
import { installationTokenFor } from '../test-support/apps.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
});
afterAll(() => server.close());

const create = (token: string, body: unknown) => apiCall(server, '/gists', { method: 'POST', token, body });
const patch = (id: string, token: string, body: unknown) =>
  apiCall(server, `/gists/${id}`, { method: 'PATCH', token, body });

async function newGist(token: string, files: Record<string, string>, isPublic = true): Promise<any> {
  const answer = await create(token, {
    description: 'demo',
    public: isPublic,
    files: Object.fromEntries(Object.entries(files).map(([name, content]) => [name, { content }])),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json;
}

describe('create, get, update', () => {
  it('creates a gist as GitHub answers it, readable by anyone with its id', async () => {
    const answer = await create(alice.token, {
      description: 'Hello',
      public: true,
      files: { 'hello.rb': { content: 'puts "hi"\n' }, 'README.md': { content: '# Hi\n' } },
    });
    expect(answer.status).toBe(201);
    expect(githubResponseErrors('gists/create', 201, answer.json)).toBe('');
    const gist = answer.json;
    expect(gist.id).toMatch(/^[0-9a-f]{32}$/);
    expect(gist.node_id).toMatch(/^G_/);
    expect(answer.res.headers.get('location')).toBe(gist.url);
    expect(gist.owner.login).toBe('alice');
    expect(gist.user).toBeNull();
    expect(gist.files['hello.rb']).toMatchObject({
      filename: 'hello.rb',
      language: 'Ruby',
      size: 10,
      content: 'puts "hi"\n',
      truncated: false,
    });
    expect(gist.git_pull_url).toBe(`${server.url}/gist/${gist.id}.git`);
    expect(gist.history).toHaveLength(1);
    expect(gist.history[0].change_status).toEqual({ total: 2, additions: 2, deletions: 0 });
    const anonymous = await apiCall(server, `/gists/${gist.id}`);
    expect(anonymous.status).toBe(200);
    expect(githubResponseErrors('gists/get', 200, anonymous.json)).toBe('');
    expect(anonymous.json.files['README.md'].content).toBe('# Hi\n');
    const raw = await fetch(gist.files['README.md'].raw_url);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe('# Hi\n');
  });

  it('adds, renames and removes files and changes the description, one revision each time', async () => {
    const gist = await newGist(alice.token, { 'a.txt': 'one\n', 'b.txt': 'two\n', 'c.txt': 'three\n' });
    const answer = await patch(gist.id, alice.token, {
      description: 'changed',
      files: { 'a.txt': { filename: 'renamed.txt' }, 'b.txt': null, 'new.py': { content: 'print(1)\n' } },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(githubResponseErrors('gists/update', 200, answer.json)).toBe('');
    expect(Object.keys(answer.json.files).sort()).toEqual(['c.txt', 'new.py', 'renamed.txt']);
    expect(answer.json.files['renamed.txt'].content).toBe('one\n');
    expect(answer.json.description).toBe('changed');
    expect(answer.json.history).toHaveLength(2);
    // b.txt removed (-1), a.txt renamed (-1 +1: git counts no renames here), new.py added (+1).
    expect(answer.json.history[0].change_status).toEqual({ total: 4, additions: 2, deletions: 2 });

    const commits = await apiCall(server, `/gists/${gist.id}/commits`);
    expect(githubResponseErrors('gists/list-commits', 200, commits.json)).toBe('');
    expect(commits.json.map((c: any) => c.version)).toEqual(answer.json.history.map((h: any) => h.version));
    const first = commits.json[1].version;
    const old = await apiCall(server, `/gists/${gist.id}/${first}`);
    expect(old.status).toBe(200);
    expect(githubResponseErrors('gists/get-revision', 200, old.json)).toBe('');
    expect(Object.keys(old.json.files).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect((await apiCall(server, `/gists/${gist.id}/${'0'.repeat(40)}`)).status).toBe(404);
    expect((await apiCall(server, `/gists/${gist.id}/not-hex`)).status).toBe(422);

    const described = await patch(gist.id, alice.token, { description: 'only this' });
    expect(described.status).toBe(200);
    expect(described.json.history).toHaveLength(2);
  });

  it('cuts content at 1 MiB with truncated: true; raw_url serves the whole file', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const gist = await newGist(alice.token, { 'big.txt': big });
    expect(gist.files['big.txt']).toMatchObject({ size: big.length, truncated: true });
    expect(gist.files['big.txt'].content).toHaveLength(1024 * 1024);
    expect(githubResponseErrors('gists/create', 201, gist)).toBe('');
    const raw = await fetch(gist.files['big.txt'].raw_url);
    expect((await raw.text()).length).toBe(big.length);
  });

  it('refuses bad input: no files, blank content, directories, an empty update', async () => {
    expect((await create(alice.token, { files: {} })).status).toBe(422);
    expect((await create(alice.token, { description: 'x' })).status).toBe(422);
    expect((await create(alice.token, { files: { 'a.txt': { content: '  ' } } })).status).toBe(422);
    for (const name of ['dir/a.txt', '..', '.git', 'a\u0001b']) {
      const answer = await create(alice.token, { files: { [name]: { content: 'x' } } });
      expect(answer.status, name).toBe(422);
      expect(answer.json.errors?.length, name).toBeGreaterThan(0);
    }
    expect((await server.api('/gists', { method: 'POST', token: alice.token, rawBody: '{' })).status).toBe(400);
    const gist = await newGist(alice.token, { 'a.txt': 'x' });
    expect((await patch(gist.id, alice.token, {})).status).toBe(422);
    expect((await patch(gist.id, alice.token, { files: { 'a.txt': null } })).status).toBe(422);
    expect((await patch(gist.id, alice.token, { files: { 'missing.txt': null } })).status).toBe(422);
    const tooMany = Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`f${i}.txt`, { content: 'x' }]));
    expect((await create(alice.token, { files: tooMany })).status).toBe(422);
  });
});

describe('who may do what', () => {
  it('lists secret gists only to their owner, but reads them for anyone with the id', async () => {
    const secret = await newGist(alice.token, { 'secret.txt': 'psst' }, false);
    const visible = await newGist(alice.token, { 'open.txt': 'hello' }, true);
    const mine = await apiOk(server, '/gists', { token: alice.token });
    expect(githubResponseErrors('gists/list', 200, mine)).toBe('');
    expect(mine.map((g: any) => g.id)).toEqual(expect.arrayContaining([secret.id, visible.id]));
    expect(mine[0].files[Object.keys(mine[0].files)[0]!].content).toBeUndefined();
    const forBob = await apiOk(server, '/users/alice/gists', { token: bob.token });
    expect(githubResponseErrors('gists/list-for-user', 200, forBob)).toBe('');
    expect(forBob.map((g: any) => g.id)).toContain(visible.id);
    expect(forBob.map((g: any) => g.id)).not.toContain(secret.id);
    const forAlice = await apiOk(server, '/users/alice/gists', { token: alice.token });
    expect(forAlice.map((g: any) => g.id)).toContain(secret.id);
    const timeline = await apiOk(server, '/gists/public');
    expect(githubResponseErrors('gists/list-public', 200, timeline)).toBe('');
    expect(timeline.map((g: any) => g.id)).not.toContain(secret.id);
    expect((await apiCall(server, `/gists/${secret.id}`, { token: bob.token })).status).toBe(200);
    const future = await apiOk(server, `/gists/public?since=${new Date(Date.now() + 3_600_000).toISOString()}`);
    expect(future).toEqual([]);
    expect((await apiCall(server, '/users/nobody-here/gists')).status).toBe(404);
  });

  it("answers 404 to changes to someone else's gist, 401 anonymously, 403 without the gist scope", async () => {
    const gist = await newGist(alice.token, { 'a.txt': 'x' });
    expect((await patch(gist.id, bob.token, { description: 'mine now' })).status).toBe(404);
    expect((await apiCall(server, `/gists/${gist.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);
    expect((await apiCall(server, `/gists/${gist.id}`, { method: 'PATCH', body: { description: 'x' } })).status).toBe(
      401,
    );
    const noGist = await server.tokenFor(alice.id, ['repo']);
    const refused = await create(noGist, { files: { 'a.txt': { content: 'x' } } });
    expect(refused.status).toBe(403);
    expect(refused.res.headers.get('x-accepted-oauth-scopes')).toBe('gist');
    expect((await apiCall(server, `/gists/${gist.id}`, { token: noGist })).status).toBe(200);
  });

  it('refuses installation tokens on every path', async () => {
    const gist = await newGist(alice.token, { 'a.txt': 'x' });
    const token = await installationTokenFor(server, alice.id, 'gist-app', { contents: 'write' });
    for (const [path, method] of [
      [`/gists/${gist.id}`, 'GET'],
      ['/gists', 'GET'],
      ['/gists/public', 'GET'],
      [`/gists/${gist.id}/star`, 'PUT'],
      [`/gists/${gist.id}/forks`, 'POST'],
    ] as const) {
      const answer = await apiCall(server, path, { method, token });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.message).toBe('Resource not accessible by integration');
    }
    expect((await create(token, { files: { 'a.txt': { content: 'x' } } })).status).toBe(403);
  });

  it('answers 404 for unknown ids', async () => {
    expect((await apiCall(server, `/gists/${'f'.repeat(32)}`)).status).toBe(404);
    expect((await apiCall(server, '/gists/not-a-gist')).status).toBe(404);
    expect((await apiCall(server, `/gists/${'f'.repeat(32)}/commits`)).status).toBe(404);
  });
});

describe('stars, forks, deletion', () => {
  it('stars and unstars', async () => {
    const gist = await newGist(alice.token, { 'a.txt': 'x' }, false);
    const star = (method: string) => apiCall(server, `/gists/${gist.id}/star`, { method, token: bob.token });
    expect((await star('GET')).status).toBe(404);
    expect((await star('PUT')).status).toBe(204);
    expect((await star('PUT')).status).toBe(204);
    expect((await star('GET')).status).toBe(204);
    const starred = await apiOk(server, '/gists/starred', { token: bob.token });
    expect(githubResponseErrors('gists/list-starred', 200, starred)).toBe('');
    expect(starred.map((g: any) => g.id)).toEqual([gist.id]);
    expect((await star('DELETE')).status).toBe(204);
    expect((await star('GET')).status).toBe(404);
    expect((await apiCall(server, `/gists/${gist.id}/star`, { method: 'PUT' })).status).toBe(401);
  });

  it('forks with its history, once per user, never one’s own', async () => {
    const gist = await newGist(alice.token, { 'a.txt': 'one\n' });
    await patch(gist.id, alice.token, { files: { 'a.txt': { content: 'two\n' } } });
    const forked = await apiCall(server, `/gists/${gist.id}/forks`, { method: 'POST', token: bob.token });
    expect(forked.status, JSON.stringify(forked.json)).toBe(201);
    expect(githubResponseErrors('gists/fork', 201, forked.json)).toBe('');
    expect(forked.json.owner.login).toBe('bob');
    expect(forked.json.id).not.toBe(gist.id);
    const again = await apiCall(server, `/gists/${gist.id}/forks`, { method: 'POST', token: bob.token });
    expect(again.json.id).toBe(forked.json.id);
    const own = await apiCall(server, `/gists/${gist.id}/forks`, { method: 'POST', token: alice.token });
    expect(own.status).toBe(422);
    const fork = await apiOk(server, `/gists/${forked.json.id}`);
    expect(fork.fork_of.id).toBe(gist.id);
    expect(fork.history).toHaveLength(2);
    expect(fork.files['a.txt'].content).toBe('two\n');
    const parent = await apiOk(server, `/gists/${gist.id}`);
    expect(githubResponseErrors('gists/get', 200, parent)).toBe('');
    expect(parent.forks.map((f: any) => f.id)).toEqual([forked.json.id]);

    // Two forks at once by one user make one fork.
    const dave = await server.createUser('dave');
    const both = await Promise.all(
      [1, 2].map(() => apiCall(server, `/gists/${gist.id}/forks`, { method: 'POST', token: dave.token })),
    );
    expect(both.map((a) => a.status)).toEqual([201, 201]);
    expect(both[0]!.json.id).toBe(both[1]!.json.id);
    const forks = await apiOk(server, `/gists/${gist.id}/forks`);
    expect(githubResponseErrors('gists/list-forks', 200, forks)).toBe('');
    expect(forks.map((f: any) => f.id)).toEqual([forked.json.id, both[0]!.json.id]);
  });

  it('deletes: the gist is 404 and its node id is never given again', async () => {
    const gist = await newGist(alice.token, { 'a.txt': 'x' });
    expect((await apiCall(server, `/gists/${gist.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await apiCall(server, `/gists/${gist.id}`)).status).toBe(404);
    expect((await apiCall(server, `/gists/${gist.id}`, { method: 'DELETE', token: alice.token })).status).toBe(404);
    const next = await newGist(alice.token, { 'b.txt': 'y' });
    expect(next.node_id).not.toBe(gist.node_id);
    const node = await server.api('/graphql', {
      method: 'POST',
      token: alice.token,
      body: { query: `{ node(id: "${gist.node_id}") { id } }` },
    });
    expect(((await node.json()) as any).data?.node ?? null).toBeNull();
  });

  it('paginates lists with Link headers', async () => {
    const carol = await server.createUser('carol');
    for (let i = 0; i < 3; i++) await newGist(carol.token, { [`f${i}.txt`]: 'x' });
    const page = await apiCall(server, '/gists?per_page=2', { token: carol.token });
    expect(page.json).toHaveLength(2);
    expect(page.res.headers.get('link')).toContain('rel="next"');
  });
});

describe('the login gist', () => {
  it('is reserved', async () => {
    await expect(server.services.accounts.create('gist', 'User')).rejects.toThrow(/reserved/);
    await expect(server.services.accounts.create('Gist', 'Organization')).rejects.toThrow(/reserved/);
  });
});
