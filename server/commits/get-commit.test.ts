import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { pushHistory, type History } from '../test-support/commit-history-fixture.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let history: History;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  history = await pushHistory(server, alice, 'history');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'hidden', private: true, auto_init: true },
  });
});
afterAll(async () => {
  await server?.close();
  await history?.git.close();
});

const OPERATION = { path: '/repos/{owner}/{repo}/commits/{ref}', method: 'get' };

async function getCommit(ref: string, base = '') {
  const res = await server.api(`${base}/repos/alice/history/commits/${ref}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expectBothSchemas(body, OPERATION, { operationId: 'repos/get-commit' });
  return body;
}

const inClone = (args: string[]) => history.git.ok(args, { cwd: history.work });

describe('GET /repos/{owner}/{repo}/commits/{ref}', () => {
  for (const base of ['', '/api/v3']) {
    it(`gives a root commit with every file added, stats and the author's account (${base || 'root'})`, async () => {
      const body = await getCommit(history.sha.root!, base);
      expect(body.sha).toBe(history.sha.root);
      expect(body.author.login).toBe('alice');
      expect(body.stats).toEqual({ additions: 5, deletions: 0, total: 5 });
      const readmeBlob = await inClone(['rev-parse', `${history.sha.root}:README.md`]);
      expect(body.files).toEqual([
        expect.objectContaining({
          filename: 'README.md',
          status: 'added',
          additions: 1,
          deletions: 0,
          changes: 1,
          sha: readmeBlob,
          patch: '@@ -0,0 +1 @@\n+# History',
        }),
        expect.objectContaining({ filename: 'a.txt', status: 'added', additions: 4, changes: 4 }),
      ]);
      expect(body.files[0]).toMatchObject({
        blob_url: `${server.url}/alice/history/blob/${history.sha.root}/README.md`,
        raw_url: `${server.url}/alice/history/raw/${history.sha.root}/README.md`,
        contents_url: `${server.url}/api/v3/repos/alice/history/contents/README.md?ref=${history.sha.root}`,
      });
    });
  }

  it('reports a rename with its previous name and only the changed lines', async () => {
    const body = await getCommit(history.sha.rename!);
    expect(body.files).toEqual([
      expect.objectContaining({
        filename: 'b.txt',
        previous_filename: 'a.txt',
        status: 'renamed',
        additions: 1,
        deletions: 0,
        patch: expect.stringContaining('+five'),
      }),
    ]);
  });

  it('gives a binary file no patch, and a deletion its old blob', async () => {
    const added = (await getCommit(history.sha.binary!)).files;
    expect(added).toEqual([
      expect.objectContaining({ filename: 'image.bin', status: 'added', additions: 0, deletions: 0 }),
    ]);
    expect(added[0]).not.toHaveProperty('patch');
    const removed = (await getCommit(history.sha.remove!)).files;
    expect(removed).toEqual([expect.objectContaining({ filename: 'image.bin', status: 'removed', sha: added[0].sha })]);
    expect((await getCommit(history.sha.binary!)).author).toBeNull();
  });

  it('compares a merge with its first parent', async () => {
    const body = await getCommit(history.sha.merge!);
    expect(body.parents).toHaveLength(2);
    const expected = (
      await inClone(['diff', '--name-status', '-M', `${history.sha.merge}^1`, history.sha.merge!])
    ).split('\n');
    expect(
      body.files.map((f: { status: string; filename: string }) => `${f.status[0]!.toUpperCase()} ${f.filename}`),
    ).toEqual(
      expected.map((line) => {
        const parts = line.split('\t');
        return `${parts[0]![0]} ${parts.at(-1)}`;
      }),
    );
  });

  it('names the account of a Wharf-made commit by its noreply address', async () => {
    await server.api('/user/repos', { method: 'POST', token: bob.token, body: { name: 'made-here', auto_init: true } });
    const res = await server.api('/repos/bob/made-here/commits/main');
    const body = await res.json();
    expect(body.commit.author.email).toBe(`${bob.id}+bob@users.noreply.wharf.local`);
    expect(body.author).toMatchObject({ login: 'bob', id: bob.id });
  });

  it('finds the commit by branch (with a slash, raw or encoded), tag and short sha', async () => {
    expect((await getCommit('feature/x')).sha).toBe(history.sha.rename);
    expect((await getCommit('feature%2Fx')).sha).toBe(history.sha.rename);
    expect((await getCommit('v1')).sha).toBe(history.sha.readme);
    expect((await getCommit(history.sha.readme!.slice(0, 8))).sha).toBe(history.sha.readme);
  });

  it('answers the diff and patch media types as text, as git prints them', async () => {
    const diff = await server.api(`/repos/alice/history/commits/${history.sha.readme}`, {
      headers: { accept: 'application/vnd.github.diff' },
    });
    expect(diff.status).toBe(200);
    expect(diff.headers.get('content-type')).toBe('application/vnd.github.diff; charset=utf-8');
    expect((await diff.text()).trim()).toBe(
      await inClone(['diff', '-M', `${history.sha.readme}^`, history.sha.readme!]),
    );
    const patch = await server.api(`/repos/alice/history/commits/${history.sha.readme}`, {
      headers: { accept: 'application/vnd.github.v3.patch' },
    });
    expect(patch.headers.get('content-type')).toBe('application/vnd.github.patch; charset=utf-8');
    const text = await patch.text();
    expect(text).toContain('Subject: [PATCH] Say more in the README');
    expect(text.trim()).toBe(
      await inClone(['format-patch', '--stdout', '-M', '--no-signature', '-1', history.sha.readme!]),
    );
    const again = await server.api(`/repos/alice/history/commits/${history.sha.readme}`, {
      headers: { accept: 'application/vnd.github.diff', 'if-none-match': diff.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const json = await server.api(`/repos/alice/history/commits/${history.sha.readme}`, {
      headers: { 'if-none-match': diff.headers.get('etag')! },
    });
    expect(json.status).toBe(200);
    const root = await server.api(`/repos/alice/history/commits/${history.sha.root}`, {
      headers: { accept: 'application/vnd.github.diff' },
    });
    expect(await root.text()).toContain('+++ b/a.txt');
  });

  it('leaves out hunks too large for one answer, and answers such a diff 406', async () => {
    // 20 MB of changed lines: past what one git answer holds (16 MB), small once packed.
    const big = `${'x'.repeat(99)}\n`.repeat(200_000);
    await writeFile(join(history.work, 'big.txt'), big);
    await inClone(['add', 'big.txt']);
    await inClone(['commit', '--quiet', '-m', 'A large file']);
    const sha = await inClone(['rev-parse', 'HEAD']);
    await inClone(['push', '--quiet', cloneUrl(server.url, 'alice/history.git', alice.token), `${sha}:refs/heads/big`]);
    const body = await getCommit(sha);
    expect(body.files).toEqual([expect.objectContaining({ filename: 'big.txt', status: 'added', additions: 200_000 })]);
    expect(body.files[0]).not.toHaveProperty('patch');
    const diff = await server.api(`/repos/alice/history/commits/${sha}`, {
      headers: { accept: 'application/vnd.github.diff' },
    });
    expect(diff.status).toBe(406);
    expect((await diff.json()).message).toBe('Sorry, the diff exceeded the maximum size.');
  });

  it('is 422 for a ref that names no commit, 409 for an empty repository', async () => {
    for (const ref of ['nope', 'deadbeef', '--output=x']) {
      const res = await server.api(`/repos/alice/history/commits/${encodeURIComponent(ref)}`);
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(`No commit found for SHA: ${ref}`);
    }
    expect((await server.api('/repos/alice/empty/commits/main', { token: alice.token })).status).toBe(409);
  });

  it('follows repository visibility', async () => {
    expect((await server.api('/repos/alice/hidden/commits/main')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/commits/main', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/hidden/commits/main', { token: alice.token })).status).toBe(200);
  });
});
