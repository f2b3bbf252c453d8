// The git data API end to end: a tree and a commit made over REST and a PATCH
// of the branch are what the real git CLI sees in a clone; trees read by name,
// cut when huge, and refs refuse what GitHub refuses. The tests run in order:
// each builds on the tree, commit and branch the one before left.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, type GitCli } from '../test-support/git-cli.js';
import { json, startGitDataScenario, type GitDataScenario } from '../test-support/git-data-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: GitDataScenario;
let server: TestServer;
let alice: TestUser;
let git: GitCli;
let main: string;
let mainTree: string;

const REPO = '/repos/alice/code';
const post = (path: string, body: unknown, token = alice.token) =>
  server.api(`${REPO}${path}`, { method: 'POST', token, body });

beforeAll(async () => {
  scenario = await startGitDataScenario();
  ({ server, alice, git, main, mainTree } = scenario);
});
afterAll(() => scenario.close());

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
