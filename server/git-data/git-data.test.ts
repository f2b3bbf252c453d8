// The git data API end to end: a blob, a tree and a commit made over REST and
// a PATCH of the branch are what the real git CLI sees in a clone; bodies
// match our contract and GitHub's own schemas; permissions and empty
// repositories answer as GitHub does.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let main: string;
let mainTree: string;

const REPO = '/repos/alice/code';
const post = (path: string, body: unknown, token = alice.token) =>
  server.api(`${REPO}${path}`, { method: 'POST', token, body });

async function json(res: Response, status: number) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'code', auto_init: true } });
  await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'secret', auto_init: true, private: true },
  });
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  const commit = await json(await server.api(`${REPO}/git/ref/heads/main`), 200);
  main = commit.object.sha;
  mainTree = (await json(await server.api(`${REPO}/git/commits/${main}`), 200)).tree.sha;
});
afterAll(async () => {
  await server.close();
  await git.close();
});

describe('blobs', () => {
  it('creates a utf-8 blob (201 short-blob, Location) and reads it back as base64 with line breaks', async () => {
    const text = `${'x'.repeat(100)}\nünïcödé\n`;
    const res = await post('/git/blobs', { content: text });
    const created = await json(res, 201);
    expectBothSchemas(
      created,
      { path: '/repos/{owner}/{repo}/git/blobs', method: 'post', status: 201 },
      { operationId: 'git/create-blob' },
    );
    expect(created.url).toBe(`${server.url}/api/v3/repos/alice/code/git/blobs/${created.sha}`);
    expect(res.headers.get('location')).toBe(created.url);
    const blob = await json(await server.api(`${REPO}/git/blobs/${created.sha}`), 200);
    expectBothSchemas(
      blob,
      { path: '/repos/{owner}/{repo}/git/blobs/{file_sha}', method: 'get' },
      { operationId: 'git/get-blob' },
    );
    expect(blob).toMatchObject({ sha: created.sha, encoding: 'base64', size: Buffer.byteLength(text) });
    expect(
      blob.content
        .split('\n')
        .slice(0, -1)
        .every((line: string) => line.length <= 60),
    ).toBe(true);
    expect(blob.content.endsWith('\n')).toBe(true);
    expect(Buffer.from(blob.content, 'base64').toString('utf8')).toBe(text);
  });

  it('takes base64 (with line breaks) and serves the raw bytes for the raw media type, under /api/v3 too', async () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    const wrapped = bytes.toString('base64').replace(/.{76}/g, '$&\n');
    const created = await json(
      await server.api(`/api/v3${REPO}/git/blobs`, {
        method: 'POST',
        token: alice.token,
        body: { content: wrapped, encoding: 'base64' },
      }),
      201,
    );
    const raw = await server.api(`${REPO}/git/blobs/${created.sha}`, {
      headers: { accept: 'application/vnd.github.raw+json' },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/vnd.github.raw');
    expect(Buffer.from(await raw.arrayBuffer())).toEqual(bytes);
    // git agrees on the object name.
    expect(created.sha).toBe(await git.ok(['hash-object', '--stdin'], { input: bytes }));
  });

  it('streams a blob of several MB through and back', async () => {
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 7, 'abc');
    const created = await json(
      await post('/git/blobs', { content: bytes.toString('base64'), encoding: 'base64' }),
      201,
    );
    const raw = await server.api(`${REPO}/git/blobs/${created.sha}`, {
      headers: { accept: 'application/vnd.github.raw' },
    });
    expect(Buffer.from(await raw.arrayBuffer()).equals(bytes)).toBe(true);
    // Large blobs' JSON is written in one buffer: the same body as for small ones.
    const blob = await json(await server.api(`${REPO}/git/blobs/${created.sha}`), 200);
    expectBothSchemas(
      blob,
      { path: '/repos/{owner}/{repo}/git/blobs/{file_sha}', method: 'get' },
      { operationId: 'git/get-blob' },
    );
    expect(blob).toMatchObject({ sha: created.sha, size: bytes.length, encoding: 'base64', url: created.url });
    const lines = blob.content.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.slice(0, -1).every((line: string) => line.length === 60)).toBe(true);
    expect(Buffer.from(blob.content, 'base64').equals(bytes)).toBe(true);
  });

  it('is 404 for a sha that names no blob (a tree, an unknown sha, not a sha)', async () => {
    for (const sha of [mainTree, 'f'.repeat(40), 'main'])
      expect((await server.api(`${REPO}/git/blobs/${sha}`)).status, sha).toBe(404);
  });
});

describe('trees, commits and moving the branch, seen by git', () => {
  let tree: string;
  let commit: string;

  it('creates a tree on base_tree with nested paths, content and sha entries', async () => {
    const blob = (await json(await post('/git/blobs', { content: 'from a blob\n' }), 201)).sha;
    const res = await post('/git/trees', {
      base_tree: mainTree,
      tree: [
        { path: 'a/b/c.txt', mode: '100644', type: 'blob', content: 'deep\n' },
        { path: 'a/blob.txt', mode: '100644', type: 'blob', sha: blob },
        { path: 'run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\necho hi\n' },
        { path: 'link', mode: '120000', type: 'blob', content: 'run.sh' },
      ],
    });
    const created = await json(res, 201);
    expectBothSchemas(
      created,
      { path: '/repos/{owner}/{repo}/git/trees', method: 'post', status: 201 },
      { operationId: 'git/create-tree' },
    );
    expect(res.headers.get('location')).toBe(created.url);
    expect(created.truncated).toBe(false);
    expect(
      created.tree.map((e: { path: string; mode: string; type: string }) => `${e.mode} ${e.type} ${e.path}`),
    ).toEqual(['100644 blob README.md', '040000 tree a', '120000 blob link', '100755 blob run.sh']);
    expect(created.tree.find((e: { path: string }) => e.path === 'README.md')).toMatchObject({
      size: expect.any(Number),
      url: expect.stringContaining('/git/blobs/'),
    });
    tree = created.sha;
    const recursive = await json(await server.api(`${REPO}/git/trees/${tree}?recursive=1`), 200);
    expectBothSchemas(
      recursive,
      { path: '/repos/{owner}/{repo}/git/trees/{tree_sha}', method: 'get' },
      { operationId: 'git/get-tree' },
    );
    expect(recursive.tree.map((e: { path: string }) => e.path)).toEqual([
      'README.md',
      'a',
      'a/b',
      'a/b/c.txt',
      'a/blob.txt',
      'link',
      'run.sh',
    ]);
  });

  it('creates a commit with the given author and date, the committer defaulting to the author', async () => {
    const res = await post('/git/commits', {
      message: 'Add files over the API\n\nWith a body.',
      tree,
      parents: [main],
      author: { name: 'Mona Octocat', email: 'octocat@example.com', date: '2008-07-09T16:13:30+12:00' },
    });
    const created = await json(res, 201);
    expectBothSchemas(
      created,
      { path: '/repos/{owner}/{repo}/git/commits', method: 'post', status: 201 },
      { operationId: 'git/create-commit' },
    );
    expect(created).toMatchObject({
      message: 'Add files over the API\n\nWith a body.',
      author: { name: 'Mona Octocat', email: 'octocat@example.com', date: '2008-07-09T04:13:30Z' },
      committer: { name: 'Mona Octocat', email: 'octocat@example.com', date: '2008-07-09T04:13:30Z' },
      tree: { sha: tree, url: `${server.url}/api/v3/repos/alice/code/git/trees/${tree}` },
      parents: [{ sha: main, html_url: `${server.url}/alice/code/commit/${main}` }],
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
      html_url: `${server.url}/alice/code/commit/${created.sha}`,
    });
    commit = created.sha;
    const read = await json(await server.api(`${REPO}/git/commits/${commit}`), 200);
    expectBothSchemas(
      read,
      { path: '/repos/{owner}/{repo}/git/commits/{commit_sha}', method: 'get' },
      { operationId: 'git/get-commit' },
    );
    expect(read).toEqual(created);
  });

  it('moves the branch with PATCH (a fast-forward), and a clone shows the commit and its files', async () => {
    const res = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: alice.token,
      body: { sha: commit },
    });
    const ref = await json(res, 200);
    expectBothSchemas(
      ref,
      { path: '/repos/{owner}/{repo}/git/refs/{ref}', method: 'patch' },
      { operationId: 'git/update-ref' },
    );
    expect(ref).toMatchObject({ ref: 'refs/heads/main', object: { sha: commit, type: 'commit' } });
    const dir = join(git.home, 'clone');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/code.git', alice.token), dir]);
    expect(await git.ok(['log', '-1', '--format=%H %an <%ae> %at %s'], { cwd: dir })).toBe(
      `${commit} Mona Octocat <octocat@example.com> 1215576810 Add files over the API`,
    );
    expect(await git.ok(['rev-parse', 'HEAD~1'], { cwd: dir })).toBe(main);
    expect(await git.ok(['show', 'HEAD:a/b/c.txt'], { cwd: dir })).toBe('deep');
    expect(await git.ok(['ls-tree', '--format=%(objectmode) %(path)', 'HEAD', 'run.sh', 'link'], { cwd: dir })).toBe(
      '120000 link\n100755 run.sh',
    );
    main = commit;
  });

  it('deletes a file and a whole directory with sha: null on base_tree; a missing path is 422', async () => {
    const created = await json(
      await post('/git/trees', {
        base_tree: tree,
        tree: [
          { path: 'a/b', sha: null },
          { path: 'link', mode: '120000', type: 'blob', sha: null },
        ],
      }),
      201,
    );
    const listing = await json(await server.api(`${REPO}/git/trees/${created.sha}?recursive=true`), 200);
    expect(listing.tree.map((e: { path: string }) => e.path)).toEqual(['README.md', 'a', 'a/blob.txt', 'run.sh']);
    // Deleting the last file of a directory removes the directory.
    const emptied = await json(
      await post('/git/trees', { base_tree: created.sha, tree: [{ path: 'a/blob.txt', sha: null }] }),
      201,
    );
    expect(emptied.tree.map((e: { path: string }) => e.path)).toEqual(['README.md', 'run.sh']);
    const missing = await post('/git/trees', { base_tree: tree, tree: [{ path: 'no/such/file', sha: null }] });
    expect(missing.status).toBe(422);
    // Without base_tree only the entries are in the tree.
    const alone = await json(
      await post('/git/trees', { tree: [{ path: 'only.txt', mode: '100644', type: 'blob', content: 'x' }] }),
      201,
    );
    expect(alone.tree.map((e: { path: string }) => e.path)).toEqual(['only.txt']);
  });

  it('reads a tree by branch name, by commit sha, and 404 for unknown names', async () => {
    const byBranch = await json(await server.api(`${REPO}/git/trees/main`), 200);
    const byCommit = await json(await server.api(`${REPO}/git/trees/${main}`), 200);
    expect(byBranch.sha).toBe(tree);
    expect(byCommit.sha).toBe(tree);
    for (const name of ['nope', 'main~1', 'HEAD:README.md', '..', 'f'.repeat(40)]) {
      expect((await server.api(`${REPO}/git/trees/${encodeURIComponent(name)}`)).status, name).toBe(404);
    }
  });

  it('cuts a recursive listing at 100,000 entries with truncated: true, paths intact', async () => {
    const { git } = server.services;
    const repoId = (await server.services.repos.find('alice', 'code'))!.id;
    const blob = (await git.git(repoId, ['hash-object', '-w', '--stdin'], 'x')).trim();
    const names = Array.from({ length: 100_001 }, (_, i) => `fïlé-${String(i).padStart(6, '0')}`);
    const big = (
      await git.git(repoId, ['mktree', '-z'], names.map((name) => `100644 blob ${blob}\t${name}\0`).join(''))
    ).trim();
    const listing = await json(await server.api(`${REPO}/git/trees/${big}?recursive=1`), 200);
    expect(listing.truncated).toBe(true);
    expect(listing.tree).toHaveLength(100_000);
    expect(listing.tree.map((e: { path: string }) => e.path)).toEqual(names.slice(0, 100_000));
  });

  it('refuses a non-fast-forward without force (422) and takes it with force', async () => {
    const side = await json(await post('/git/commits', { message: 'Side', tree: mainTree, parents: [] }), 201);
    const refused = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: alice.token,
      body: { sha: side.sha },
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('Update is not a fast forward');
    const forced = await json(
      await server.api(`${REPO}/git/refs/heads%2Fmain`, {
        method: 'PATCH',
        token: alice.token,
        body: { sha: side.sha, force: true },
      }),
      200,
    );
    expect(forced.object.sha).toBe(side.sha);
    const back = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: alice.token,
      body: { sha: main, force: true },
    });
    expect(back.status).toBe(200);
  });

  it('answers 422 for an unknown ref or an unknown sha', async () => {
    const noRef = await server.api(`${REPO}/git/refs/heads/nope`, {
      method: 'PATCH',
      token: alice.token,
      body: { sha: main },
    });
    expect(noRef.status).toBe(422);
    expect((await noRef.json()).message).toBe('Reference does not exist');
    const noObject = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: alice.token,
      body: { sha: 'e'.repeat(40) },
    });
    expect(noObject.status).toBe(422);
    expect((await noObject.json()).message).toBe('Object does not exist');
    const tree = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: alice.token,
      body: { sha: mainTree, force: true },
    });
    expect(tree.status).toBe(422);
  });
});

describe('annotated tags', () => {
  it('creates a tag object (git-tag) that git sees as annotated once the ref exists', async () => {
    const res = await post('/git/tags', {
      tag: 'v1.0',
      message: 'First release\n',
      object: main,
      type: 'commit',
      tagger: { name: 'Rel Bot', email: 'rel@example.com', date: '2011-06-17T14:53:35-07:00' },
    });
    const tag = await json(res, 201);
    expectBothSchemas(
      tag,
      { path: '/repos/{owner}/{repo}/git/tags', method: 'post', status: 201 },
      { operationId: 'git/create-tag' },
    );
    expect(tag).toMatchObject({
      tag: 'v1.0',
      message: 'First release\n',
      object: { sha: main, type: 'commit' },
      tagger: { name: 'Rel Bot', date: '2011-06-17T21:53:35Z' },
      verification: { reason: 'unsigned' },
    });
    const read = await json(await server.api(`${REPO}/git/tags/${tag.sha}`), 200);
    expectBothSchemas(
      read,
      { path: '/repos/{owner}/{repo}/git/tags/{tag_sha}', method: 'get' },
      { operationId: 'git/get-tag' },
    );
    expect(read).toEqual(tag);
    await json(await post('/git/refs', { ref: 'refs/tags/v1.0', sha: tag.sha }), 201);
    const dir = join(git.home, 'tags');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/code.git', alice.token), dir]);
    expect(await git.ok(['cat-file', '-t', 'v1.0'], { cwd: dir })).toBe('tag');
    expect(await git.ok(['tag', '-l', '--format=%(contents:subject) %(taggername)', 'v1.0'], { cwd: dir })).toBe(
      'First release Rel Bot',
    );
  });

  it("defaults the tagger to the caller and refuses a type that is not the object's (422)", async () => {
    const tag = await json(await post('/git/tags', { tag: 'v1.1', message: 'm', object: mainTree, type: 'tree' }), 201);
    expect(tag.tagger).toMatchObject({ name: 'alice', email: expect.stringMatching(/\+alice@users\.noreply\./) });
    expect((await post('/git/tags', { tag: 'v1.2', message: 'm', object: mainTree, type: 'commit' })).status).toBe(422);
    expect((await post('/git/tags', { tag: 'bad name', message: 'm', object: main, type: 'commit' })).status).toBe(422);
  });

  it('is 404 for a sha that is no tag object', async () => {
    expect((await server.api(`${REPO}/git/tags/${main}`)).status).toBe(404);
  });
});

describe('access', () => {
  it('needs push access to write: 403 for a non-collaborator, 401 anonymously', async () => {
    expect((await post('/git/blobs', { content: 'x' }, bob.token)).status).toBe(403);
    expect((await server.api(`${REPO}/git/blobs`, { method: 'POST', body: { content: 'x' } })).status).toBe(401);
    const patch = await server.api(`${REPO}/git/refs/heads/main`, {
      method: 'PATCH',
      token: bob.token,
      body: { sha: main },
    });
    expect(patch.status).toBe(403);
  });

  it('reads public repositories anonymously; private ones are 404 to those who cannot see them', async () => {
    expect((await server.api(`${REPO}/git/commits/${main}`)).status).toBe(200);
    const secret = await json(await server.api('/repos/alice/secret/git/ref/heads/main', { token: alice.token }), 200);
    expect((await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`)).status).toBe(404);
    expect((await server.api(`/repos/alice/secret/git/trees/main`)).status).toBe(404);
    expect(
      (await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`, { token: alice.token })).status,
    ).toBe(200);
  });

  it('takes installation tokens by the contents permission: read to GET, write to create (authored by the bot)', async () => {
    const tokenOf = async (name: string, contents: 'read' | 'write') => {
      const app = await createTestApp(server, alice.id, name, { contents });
      const installation = await installTestApp(server, app.app, alice.id);
      return (await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id))
        .body.token as string;
    };
    const reader = await tokenOf('Reader', 'read');
    const writer = await tokenOf('Writer', 'write');
    const secret = await json(await server.api('/repos/alice/secret/git/ref/heads/main', { token: reader }), 200);
    expect((await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`, { token: reader })).status).toBe(
      200,
    );
    expect(
      (await server.api('/repos/alice/secret/git/blobs', { method: 'POST', token: reader, body: { content: 'x' } }))
        .status,
    ).toBe(403);
    const tree = (
      await json(await server.api(`/repos/alice/secret/git/commits/${secret.object.sha}`, { token: writer }), 200)
    ).tree.sha;
    const commit = await json(
      await server.api('/repos/alice/secret/git/commits', {
        method: 'POST',
        token: writer,
        body: { message: 'By the app', tree, parents: [secret.object.sha] },
      }),
      201,
    );
    expect(commit.author.name).toBe('writer[bot]');
    const moved = await server.api('/repos/alice/secret/git/refs/heads/main', {
      method: 'PATCH',
      token: writer,
      body: { sha: commit.sha },
    });
    expect(moved.status).toBe(200);
  });

  it('answers 409 "Git Repository is empty." in a repository without commits, as GitHub', async () => {
    for (const [method, path, body] of [
      ['POST', '/git/blobs', { content: 'x' }],
      ['POST', '/git/trees', { tree: [] }],
      ['GET', `/git/trees/main`, undefined],
      ['GET', `/git/blobs/${'a'.repeat(40)}`, undefined],
      ['PATCH', '/git/refs/heads/main', { sha: 'a'.repeat(40) }],
    ] as const) {
      const res = await server.api(`/repos/alice/empty${path}`, { method, token: alice.token, body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect((await res.json()).message).toBe('Git Repository is empty.');
    }
  });
});
