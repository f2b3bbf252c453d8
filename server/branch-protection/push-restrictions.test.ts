// Push restrictions (push-restrictions.ts) on an organization's repository:
// a writer who is not listed is refused by the contents API (409) and by git
// push (GH006 with GitHub's sentence); a listed writer passes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { grant } from '../test-support/grant.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let dave: TestUser;
let git: GitCli;

const file = (name: string) => ({
  message: name,
  content: Buffer.from(`${name}\n`).toString('base64'),
  branch: 'main',
});

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  await server.createOrg('acme', alice.id);
  const created = await server.api('/orgs/acme/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'kept', auto_init: true },
  });
  expect(created.status).toBe(201);
  const repo = (await created.json()) as { id: number };
  await grant(server, repo.id, carol.id, 'write');
  await grant(server, repo.id, dave.id, 'write');
  git = await gitCli();
  const protectedBody = {
    required_status_checks: null,
    enforce_admins: false,
    required_pull_request_reviews: null,
    restrictions: { users: ['carol'], teams: [] },
  };
  const put = await server.api('/repos/acme/kept/branches/main/protection', {
    method: 'PUT',
    token: alice.token,
    body: protectedBody,
  });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('push restrictions', () => {
  it('refuse a writer who is not listed on the contents API and on git push; a listed writer passes', async () => {
    const refused = await server.api('/repos/acme/kept/contents/d.txt', {
      method: 'PUT',
      token: dave.token,
      body: file('d'),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as any).message).toContain("You're not authorized to push to this branch.");
    const allowed = await server.api('/repos/acme/kept/contents/c.txt', {
      method: 'PUT',
      token: carol.token,
      body: file('c'),
    });
    expect(allowed.status).toBe(201);

    const work = join(git.home, 'kept');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'acme/kept.git', dave.token), work]);
    await git.ok(['-c', 'core.hooksPath=/dev/null', 'commit', '--quiet', '--allow-empty', '-m', 'by dave'], {
      cwd: work,
    });
    const pushed = await git.run(['push', 'origin', 'main'], { cwd: work });
    expect(pushed.code).not.toBe(0);
    expect(pushed.stderr).toContain("remote: error: You're not authorized to push to this branch.");
  });
});
