// What a pull request changes, over real HTTP with branches pushed by the
// real git CLI: GET …/pulls/{n}/commits and …/files (GitHub's bodies,
// checked against both schemas), the diff and patch media types of
// GET …/pulls/{n}, and the diff counts of the body — on a head of three
// commits with a rename, a binary file and an edit, whose base has moved on
// since (the diff is from the merge base, not the base's tip).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;
let work: string;
let number: number;
const shas: string[] = [];
let mergeBaseSha: string;

const run = (args: string[]) => git.ok(args, { cwd: work });
async function commitFiles(message: string, files: Record<string, string | Buffer>, remove: string[] = []) {
  for (const [name, content] of Object.entries(files)) await writeFile(join(work, name), content);
  for (const name of remove) await run(['rm', '--quiet', name]);
  await run(['add', '-A']);
  await run(['-c', 'core.autocrlf=false', 'commit', '--quiet', '-m', message]);
  return (await run(['rev-parse', 'HEAD'])).trim();
}

const LONG = `${Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0x00, 0xff]);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  git = await gitCli();
  expect(
    (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'diffs' } })).status,
  ).toBe(201);
  work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await run(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/diffs.git', alice.token)]);
  mergeBaseSha = await commitFiles('root', { 'guide.md': LONG, 'notes.txt': 'a\nb\nc\n' });
  await run(['checkout', '--quiet', '-b', 'feature']);
  shas.push(
    await commitFiles('Move the guide', { 'docs-guide.md': LONG.replace('line 20\n', 'line 20\nline 21\n') }, [
      'guide.md',
    ]),
  );
  shas.push(await commitFiles('Add the logo', { 'logo.png': BINARY }));
  shas.push(await commitFiles('Edit the notes', { 'notes.txt': 'a\nB\nc\nd\n' }));
  // The base moves on after the branch: its change is not the pull request's.
  await run(['checkout', '--quiet', 'main']);
  await commitFiles('Base work', { 'base-only.txt': 'base\n' });
  await run(['push', '--quiet', 'origin', 'main', 'feature']);
  number = (
    await apiOk(server, '/repos/alice/diffs/pulls', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Docs', head: 'feature', base: 'main' },
    })
  ).number;
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('GET /repos/{owner}/{repo}/pulls/{pull_number}', () => {
  it('counts a rename as one changed file and a binary file without lines', async () => {
    const pull = await apiOk(server, `/repos/alice/diffs/pulls/${number}`);
    // docs-guide.md (renamed, +1), logo.png (binary), notes.txt (+2 -1).
    expect(pull).toMatchObject({ commits: 3, changed_files: 3, additions: 3, deletions: 1 });
  });

  it('answers the diff from the merge base, and the commits as patches', async () => {
    for (const accept of ['application/vnd.github.diff', 'application/vnd.github.v3.diff']) {
      const res = await server.api(`/repos/alice/diffs/pulls/${number}`, { headers: { accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.github.diff; charset=utf-8');
      const text = await res.text();
      // git.ok trims its output's last newline.
      expect(text).toBe(`${await run(['diff', '-M', '--no-color', mergeBaseSha, shas[2]!])}\n`);
      expect(text).toContain('rename from guide.md\nrename to docs-guide.md');
      expect(text).toContain('Binary files /dev/null and b/logo.png differ');
      expect(text).not.toContain('base-only.txt');
    }
    const res = await server.api(`/repos/alice/diffs/pulls/${number}`, {
      headers: { accept: 'application/vnd.github.patch' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.github.patch; charset=utf-8');
    const patch = await res.text();
    const subjects = [...patch.matchAll(/^Subject: \[PATCH (\d)\/3\] (.*)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(subjects).toEqual(['1 Move the guide', '2 Add the logo', '3 Edit the notes']);
    expect(patch.match(/^From ([0-9a-f]{40}) /gm)!.map((line) => line.slice(5, 45))).toEqual(shas);
  });
});

describe('GET /repos/{owner}/{repo}/pulls/{pull_number}/commits', () => {
  it("lists the head's commits oldest first, with GitHub's commit bodies", async () => {
    const { status, json } = await apiCall(server, `/repos/alice/diffs/pulls/${number}/commits`);
    expect(status).toBe(200);
    expect(json.map((c: { sha: string }) => c.sha)).toEqual(shas);
    expect(json[0]).toMatchObject({ commit: { message: 'Move the guide' }, parents: [{ sha: mergeBaseSha }] });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/commits', method: 'get' },
      { operationId: 'pulls/list-commits' },
    );
  });

  it('pages with Link', async () => {
    const { res, json } = await apiCall(server, `/repos/alice/diffs/pulls/${number}/commits?per_page=2&page=2`);
    expect(json.map((c: { sha: string }) => c.sha)).toEqual([shas[2]]);
    expect(res.headers.get('link')).toContain('rel="first"');
    const first = await apiCall(server, `/repos/alice/diffs/pulls/${number}/commits?per_page=2`);
    expect(first.json.map((c: { sha: string }) => c.sha)).toEqual(shas.slice(0, 2));
    expect(first.res.headers.get('link')).toContain('page=2>; rel="last"');
  });

  it('is 404 for a number no pull request has', async () => {
    expect((await apiCall(server, '/repos/alice/diffs/pulls/99/commits')).status).toBe(404);
    expect((await apiCall(server, '/repos/alice/diffs/pulls/99/files')).status).toBe(404);
  });
});

describe('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', () => {
  it('lists a rename with previous_filename, a binary file without patch, an edit with its hunk', async () => {
    const { status, json } = await apiCall(server, `/repos/alice/diffs/pulls/${number}/files`);
    expect(status).toBe(200);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/files', method: 'get' },
      { operationId: 'pulls/list-files' },
    );
    const head = shas[2]!;
    const blob = async (path: string) => (await run(['rev-parse', `${head}:${path}`])).trim();
    expect(json).toEqual([
      {
        sha: await blob('docs-guide.md'),
        filename: 'docs-guide.md',
        previous_filename: 'guide.md',
        status: 'renamed',
        additions: 1,
        deletions: 0,
        changes: 1,
        blob_url: `${server.url}/alice/diffs/blob/${head}/docs-guide.md`,
        raw_url: `${server.url}/alice/diffs/raw/${head}/docs-guide.md`,
        contents_url: `${server.url}/api/v3/repos/alice/diffs/contents/docs-guide.md?ref=${head}`,
        patch: expect.stringMatching(/^@@ .* @@[\s\S]*\+line 21$/),
      },
      expect.objectContaining({
        filename: 'logo.png',
        status: 'added',
        additions: 0,
        deletions: 0,
        changes: 0,
        sha: await blob('logo.png'),
      }),
      expect.objectContaining({
        filename: 'notes.txt',
        status: 'modified',
        additions: 2,
        deletions: 1,
        changes: 3,
        patch: '@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d',
      }),
    ]);
    expect(json[1]).not.toHaveProperty('patch');
    expect(json.map((f: { filename: string }) => f.filename)).not.toContain('base-only.txt');
  });

  it('pages with Link', async () => {
    const { res, json } = await apiCall(server, `/repos/alice/diffs/pulls/${number}/files?per_page=1&page=3`);
    expect(json.map((f: { filename: string }) => f.filename)).toEqual(['notes.txt']);
    expect(res.headers.get('link')).toContain('rel="prev"');
    expect((await apiCall(server, `/repos/alice/diffs/pulls/${number}/files?per_page=1&page=4`)).json).toEqual([]);
  });
});

describe('a pull request of more than 250 commits', () => {
  it('lists its first 250 commits, oldest first, as GitHub; the body counts them all', async () => {
    // 260 commits on top of the root, written in one fast-import.
    const stream = Array.from({ length: 260 }, (_, i) =>
      [
        'commit refs/heads/long',
        `committer Test Committer <committer@example.com> ${1_700_000_000 + i} +0000`,
        `data ${`c${i + 1}`.length}`,
        `c${i + 1}`,
        ...(i === 0 ? [`from ${mergeBaseSha}`] : []),
        '',
      ].join('\n'),
    ).join('');
    await git.ok(['fast-import', '--quiet'], { cwd: work, input: stream });
    await run(['push', '--quiet', 'origin', 'long']);
    const pull = await apiOk(server, '/repos/alice/diffs/pulls', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Long', head: 'long', base: 'main' },
    });
    expect(pull.commits).toBe(260);
    const messages = async (page: number) =>
      await apiCall(server, `/repos/alice/diffs/pulls/${pull.number}/commits?per_page=100&page=${page}`);
    const first = await messages(1);
    expect(first.json.map((c: { commit: { message: string } }) => c.commit.message).slice(0, 2)).toEqual(['c1', 'c2']);
    expect(first.res.headers.get('link')).toContain('page=3>; rel="last"');
    const third = await messages(3);
    expect(third.json.map((c: { commit: { message: string } }) => c.commit.message)).toEqual(
      Array.from({ length: 50 }, (_, i) => `c${201 + i}`),
    );
    expect((await messages(4)).json).toEqual([]);
  });
});
