// Branch protection on every path that moves a ref (issue 37): git push with
// the real git CLI (GitHub's GH006 lines, the ref left as it was), the refs
// API (422) and the contents API (409), each refused for a writer and let
// through for an admin while `enforce_admins` is off.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { grant } from '../test-support/grant.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let git: GitCli;
let work: string;

const protect = (body: Record<string, unknown>) =>
  server.api('/repos/alice/kept/branches/main/protection', {
    method: 'PUT',
    token: alice.token,
    body: {
      required_status_checks: null,
      enforce_admins: false,
      required_pull_request_reviews: null,
      restrictions: null,
      ...body,
    },
  });
const tip = async () =>
  ((await (await server.api('/repos/alice/kept/branches/main', { token: alice.token })).json()) as any).commit.sha;

async function commitFile(name: string, content: string): Promise<string> {
  await git.ok(['-c', 'core.hooksPath=/dev/null', 'commit', '--quiet', '--allow-empty', '-m', `${name}: ${content}`], {
    cwd: work,
  });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  const repo = await server.createRepo(alice.token, { name: 'kept', auto_init: true });
  await grant(server, repo.id, carol.id, 'write');
  git = await gitCli();
  work = join(git.home, 'kept');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/kept.git', carol.token), work]);
});
afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('git push to a protected branch', () => {
  it('refuses a force push with GitHub’s lines and leaves the branch; a fast-forward passes', async () => {
    expect((await protect({})).status).toBe(200);
    const before = await tip();
    const next = await commitFile('a', 'one');
    await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
    expect(await tip()).toBe(next);
    await git.ok(['reset', '--quiet', '--hard', before], { cwd: work });
    await commitFile('b', 'rewritten');
    const forced = await git.run(['push', '--force', 'origin', 'main'], { cwd: work });
    expect(forced.code).not.toBe(0);
    expect(forced.stderr).toContain('remote: error: GH006: Protected branch update failed for refs/heads/main.');
    expect(forced.stderr).toContain('remote: error: Cannot force-push to this branch');
    expect(forced.stderr).toContain('[remote rejected] main -> main');
    expect(await tip()).toBe(next);
    await git.ok(['reset', '--quiet', '--hard', next], { cwd: work });
  });

  it('refuses deleting the branch, and any direct push when pull requests are required', async () => {
    const deleted = await git.run(['push', 'origin', ':main'], { cwd: work });
    expect(deleted.code).not.toBe(0);
    // main is also the default branch, which git itself refuses to delete first; the refs API test below shows ours.
    expect(deleted.stderr).toMatch(/Cannot delete this protected branch|deleting the current branch/);
    await protect({ required_pull_request_reviews: { required_approving_review_count: 1 } });
    const head = await tip();
    await commitFile('c', 'direct');
    const direct = await git.run(['push', 'origin', 'main'], { cwd: work });
    expect(direct.code).not.toBe(0);
    expect(direct.stderr).toContain('remote: error: Changes must be made through a pull request.');
    expect(await tip()).toBe(head);
    // Another branch is not protected.
    await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/topic'], { cwd: work });
    await git.ok(['reset', '--quiet', '--hard', head], { cwd: work });
  });

  it('refuses merge commits when linear history is required', async () => {
    await protect({ required_linear_history: true });
    const head = await tip();
    await git.ok(['switch', '--quiet', '-c', 'side', head], { cwd: work });
    await commitFile('d', 'side');
    await git.ok(['switch', '--quiet', 'main'], { cwd: work });
    await commitFile('e', 'main');
    await git.ok(['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'merge', '--quiet', '--no-edit', 'side'], {
      cwd: work,
    });
    const merged = await git.run(['push', 'origin', 'main'], { cwd: work });
    expect(merged.code).not.toBe(0);
    expect(merged.stderr).toContain('This branch must not contain merge commits.');
    expect(await tip()).toBe(head);
    await git.ok(['reset', '--quiet', '--hard', head], { cwd: work });
  });
});

describe('the refs and contents APIs on a protected branch', () => {
  it('answer 422 and 409 for a writer, and let an admin through while enforce_admins is off', async () => {
    await protect({ required_pull_request_reviews: { required_approving_review_count: 1 } });
    const head = await tip();
    const refs = await server.api('/repos/alice/kept/git/refs/heads/main', {
      method: 'DELETE',
      token: carol.token,
    });
    expect(refs.status).toBe(422);
    expect((await refs.json()).message).toBe('Cannot delete this protected branch');
    const file = {
      message: 'direct',
      content: Buffer.from('x\n').toString('base64'),
      branch: 'main',
    };
    const put = await server.api('/repos/alice/kept/contents/x.txt', { method: 'PUT', token: carol.token, body: file });
    expect(put.status).toBe(409);
    expect((await put.json()).message).toBe('Changes must be made through a pull request.');
    expect(await tip()).toBe(head);

    const byAdmin = await server.api('/repos/alice/kept/contents/x.txt', {
      method: 'PUT',
      token: alice.token,
      body: file,
    });
    expect(byAdmin.status).toBe(201);
    await server.api('/repos/alice/kept/branches/main/protection/enforce_admins', {
      method: 'POST',
      token: alice.token,
    });
    const held = await server.api('/repos/alice/kept/contents/y.txt', {
      method: 'PUT',
      token: alice.token,
      body: file,
    });
    expect(held.status).toBe(409);
  });
});
