// GET …/contents/{path} remembers the commit a ref names per repository row
// (ref-commits.ts): every way a ref moves must show in the next GET, by the
// default branch, by a branch name and by a tag name.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;
let work: string;

async function text(path: string): Promise<string> {
  const res = await server.api(`/repos/alice/fresh/contents/${path}`, {
    token: alice.token,
    headers: { accept: 'application/vnd.github.raw' },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function push(content: string, refs: string[]): Promise<string> {
  await writeFile(join(work, 'note.txt'), content);
  await git.ok(['commit', '--quiet', '-am', content], { cwd: work });
  await git.ok(['push', '--quiet', '--force', 'origin', ...refs], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  git = await gitCli();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'fresh', auto_init: true } });
  work = join(git.home, 'fresh');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/fresh.git', alice.token), work]);
  await writeFile(join(work, 'note.txt'), 'v0');
  await git.ok(['add', 'note.txt'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'v0'], { cwd: work });
  await git.ok(['tag', 'moving'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'HEAD:main', 'HEAD:side', 'moving'], { cwd: work });
});
afterAll(() => server.close());

describe('contents after a ref moves', () => {
  it('a git push: the default branch, a branch and a tag', async () => {
    expect(await text('note.txt')).toBe('v0');
    expect(await text('note.txt?ref=side')).toBe('v0');
    expect(await text('note.txt?ref=moving')).toBe('v0');
    await git.ok(['tag', '-f', 'moving'], { cwd: work });
    await push('v1', ['HEAD:main', 'HEAD:side']);
    await git.ok(['tag', '-f', 'moving'], { cwd: work });
    await git.ok(['push', '--quiet', '--force', 'origin', 'moving'], { cwd: work });
    expect(await text('note.txt')).toBe('v1');
    expect(await text('note.txt?ref=side')).toBe('v1');
    expect(await text('note.txt?ref=moving')).toBe('v1');
  });

  it('a file written through the API, and the refs API moving the branch back', async () => {
    const before = await text('note.txt');
    const current = (await (
      await server.api('/repos/alice/fresh/contents/note.txt', { token: alice.token })
    ).json()) as { sha: string };
    const head = (await (await server.api('/repos/alice/fresh/commits/main', { token: alice.token })).json()) as {
      sha: string;
    };
    const put = await server.api('/repos/alice/fresh/contents/note.txt', {
      method: 'PUT',
      token: alice.token,
      body: { message: 'v2', content: Buffer.from('v2').toString('base64'), sha: current.sha },
    });
    expect(put.status).toBe(200);
    expect(await text('note.txt')).toBe('v2');
    const back = await server.api('/repos/alice/fresh/git/refs/heads/main', {
      method: 'PATCH',
      token: alice.token,
      body: { sha: head.sha, force: true },
    });
    expect(back.status).toBe(200);
    expect(await text('note.txt')).toBe(before);
  });
});
