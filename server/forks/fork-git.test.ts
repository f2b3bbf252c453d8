// A fork's objects survive anything its parent does: with the real git CLI
// over HTTP, push a commit to the parent, fork it, force-push the parent back
// (dropping the commit), expire its reflog and `git gc --prune=now` it, then
// `git fsck` the fork and clone it. The parent losing the commit is checked
// too, so the test would fail if the fork borrowed the parent's objects.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

it('keeps the fork whole after the parent force-pushes and prunes', async () => {
  const parent = await apiOk(server, '/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'origin', auto_init: true },
  });
  const work = join(git.home, 'parent');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/origin.git', alice.token), work]);
  const initial = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await writeFile(join(work, 'feature.txt'), 'only in the fork soon\n');
  await git.ok(['add', 'feature.txt'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'Feature'], { cwd: work });
  const feature = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });

  const fork = await apiOk(server, '/repos/alice/origin/forks', { method: 'POST', token: bob.token });
  expect(fork.full_name).toBe('bob/origin');

  // The parent drops the commit and prunes everything unreachable.
  await git.ok(['reset', '--quiet', '--hard', initial], { cwd: work });
  await git.ok(['push', '--quiet', '--force', 'origin', 'main'], { cwd: work });
  const services = server.services;
  await services.git.git(parent.id, ['reflog', 'expire', '--expire=now', '--all']);
  await services.git.git(parent.id, ['gc', '--quiet', '--prune=now']);
  expect(await services.git.objectType(parent.id, feature)).toBeNull();

  // The fork still has it, whole.
  await services.git.git(fork.id, ['fsck', '--full', '--strict', '--no-dangling']);
  expect(await services.git.objectType(fork.id, feature)).toBe('commit');
  const copy = join(git.home, 'fork');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'bob/origin.git', bob.token), copy]);
  expect(await git.ok(['log', '--format=%H %s'], { cwd: copy })).toBe(`${feature} Feature\n${initial} Initial commit`);
  await git.ok(['fsck', '--full', '--strict'], { cwd: copy });
  expect((await apiOk(server, '/repos/bob/origin/git/refs/heads/main')).object.sha).toBe(feature);

  // The fork is a repository like any other: its owner pushes to it.
  await writeFile(join(copy, 'more.txt'), 'more\n');
  await git.ok(['add', 'more.txt'], { cwd: copy });
  await git.ok(['commit', '--quiet', '-m', 'More'], { cwd: copy });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: copy });
  expect((await apiOk(server, '/repos/bob/origin/git/refs/heads/main')).object.sha).toBe(
    await git.ok(['rev-parse', 'HEAD'], { cwd: copy }),
  );
});
