// GET …/pulls/{n} answers from pull-view-cache.ts: every change the body
// shows is seen at once (a title, a label, a comment count, a push moving the
// head, a repository change), a repeat read returns the same bytes and ETag,
// and two pull requests never share a body.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { whenMergeabilityComputed } from '../test-support/mergeability.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;
let work: string;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, { token: alice.token, ...options });
const pull = async (n: number) => (await call(`/repos/alice/cached/pulls/${n}`)).json as Record<string, any>;

async function commitAndPush(branch: string, file: string) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(work, file), `${file}\n`);
  await git.ok(['add', file], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', `add ${file}`], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', `HEAD:${branch}`], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  git = await gitCli();
  expect((await call('/user/repos', { method: 'POST', body: { name: 'cached' } })).status).toBe(201);
  work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/cached.git', alice.token)], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'root'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
  await commitAndPush('one', 'one.txt');
  await git.ok(['checkout', '--quiet', '-b', 'two', 'main'], { cwd: work });
  await commitAndPush('two', 'two.txt');
  for (const head of ['one', 'two']) {
    expect(
      (await call('/repos/alice/cached/pulls', { method: 'POST', body: { title: `PR ${head}`, head, base: 'main' } }))
        .status,
    ).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('GET /repos/{owner}/{repo}/pulls/{n} from its cache', () => {
  it('answers the same bytes and ETag while nothing changed, and each pull request its own', async () => {
    // The first read starts the mergeability job, whose result is a change the next read shows.
    await whenMergeabilityComputed(() => pull(1), '#1');
    const first = await call('/repos/alice/cached/pulls/1');
    const again = await call('/repos/alice/cached/pulls/1');
    expect(JSON.stringify(again.json)).toBe(JSON.stringify(first.json));
    expect(again.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    expect((await pull(2)).title).toBe('PR two');
    expect((await pull(1)).title).toBe('PR one');
  });

  it('shows an edit, a label and a comment at once', async () => {
    await pull(1);
    expect((await call('/repos/alice/cached/pulls/1', { method: 'PATCH', body: { title: 'renamed' } })).status).toBe(
      200,
    );
    expect((await pull(1)).title).toBe('renamed');
    expect(
      (await call('/repos/alice/cached/issues/1/labels', { method: 'POST', body: { labels: ['bug'] } })).status,
    ).toBe(200);
    expect((await pull(1)).labels.map((l: { name: string }) => l.name)).toEqual(['bug']);
    expect((await call('/repos/alice/cached/issues/1/comments', { method: 'POST', body: { body: 'hi' } })).status).toBe(
      201,
    );
    expect((await pull(1)).comments).toBe(1);
  });

  it('shows a push to the head and a change of the repository at once', async () => {
    const before = await pull(2);
    await git.ok(['checkout', '--quiet', 'two'], { cwd: work });
    const sha = await commitAndPush('two', 'three.txt');
    const after = await pull(2);
    expect(after.head.sha).toBe(sha);
    expect(after.head.sha).not.toBe(before.head.sha);
    expect((await call('/repos/alice/cached', { method: 'PATCH', body: { description: 'changed' } })).status).toBe(200);
    const edited = await pull(2);
    expect(edited.base.repo.description).toBe('changed');
    expect(edited.head.repo.description).toBe('changed');
  });
});
