// Gists over git's smart HTTP with the real git CLI: anyone clones a gist at
// its git_pull_url; the owner pushes, and the push shows in the REST files,
// history and updated_at; another user, an anonymous caller, a second branch,
// a directory and a deletion of the branch are refused whole.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let gist: any;

const withToken = (url: string, token: string) => {
  const u = new URL(url);
  u.username = 'x-access-token';
  u.password = token;
  return u.toString();
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  gist = await apiOk(server, '/gists', {
    method: 'POST',
    token: alice.token,
    body: { public: false, files: { 'notes.md': { content: '# notes\n' } } },
  });
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('git over HTTP for gists', () => {
  it('clones anonymously (a secret gist too), and takes the owner’s push', async () => {
    const dir = join(git.home, 'clone');
    await git.ok(['clone', '--quiet', gist.git_pull_url, dir]);
    expect(await git.ok(['log', '--format=%H'], { cwd: dir })).toBe(gist.history[0].version);
    await writeFile(join(dir, 'notes.md'), '# notes\n\nmore\n');
    await writeFile(join(dir, 'extra.txt'), 'extra\n');
    await git.ok(['add', '.'], { cwd: dir });
    await git.ok(['commit', '--quiet', '-m', 'more'], { cwd: dir });
    await git.ok(['push', '--quiet', withToken(gist.git_push_url, alice.token), 'main'], { cwd: dir });
    const after = await apiOk(server, `/gists/${gist.id}`);
    expect(after.files['extra.txt'].content).toBe('extra\n');
    expect(after.files['notes.md'].content).toBe('# notes\n\nmore\n');
    expect(after.history).toHaveLength(2);
    expect(after.history[0].version).toBe(await git.ok(['rev-parse', 'HEAD'], { cwd: dir }));
    expect(after.updated_at >= gist.updated_at).toBe(true);
  });

  it('refuses pushes by others, anonymous pushes, other branches, directories and deleting the branch', async () => {
    const dir = join(git.home, 'refused');
    await git.ok(['clone', '--quiet', gist.git_pull_url, dir]);
    const head = await git.ok(['rev-parse', 'HEAD'], { cwd: dir });
    await writeFile(join(dir, 'x.txt'), 'x\n');
    await git.ok(['add', '.'], { cwd: dir });
    await git.ok(['commit', '--quiet', '-m', 'x'], { cwd: dir });

    const byBob = await git.run(['push', withToken(gist.git_push_url, bob.token), 'main'], { cwd: dir });
    expect(byBob.code).not.toBe(0);
    expect(byBob.stderr).toMatch(/denied to bob|403/);
    const anonymous = await git.run(['push', gist.git_push_url, 'main'], { cwd: dir });
    expect(anonymous.code).not.toBe(0);

    const aliceUrl = withToken(gist.git_push_url, alice.token);
    const branch = await git.run(['push', aliceUrl, 'main:other'], { cwd: dir });
    expect(branch.code).not.toBe(0);
    expect(branch.stderr).toMatch(/one branch/);
    const deletion = await git.run(['push', aliceUrl, ':main'], { cwd: dir });
    expect(deletion.code).not.toBe(0);

    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'y.txt'), 'y\n');
    await git.ok(['add', '.'], { cwd: dir });
    await git.ok(['commit', '--quiet', '-m', 'a directory'], { cwd: dir });
    const directory = await git.run(['push', aliceUrl, 'main'], { cwd: dir });
    expect(directory.code).not.toBe(0);
    expect(directory.stderr).toMatch(/no directories/);

    const rest = await apiOk(server, `/gists/${gist.id}`);
    expect(rest.history[0].version).toBe(head);
    expect(rest.files['x.txt']).toBeUndefined();
  });

  it('answers 404 for an unknown gist, and keeps `gist` out of the repository URLs', async () => {
    const missing = await git.run(['clone', `${server.url}/gist/${'0'.repeat(32)}.git`, join(git.home, 'missing')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/not found/i);
  });
});
