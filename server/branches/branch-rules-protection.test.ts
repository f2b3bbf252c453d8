// The answers GitHub gives for a repository without protected branches
// (branch-protection/ has the protected ones): GET …/rules/branches/{branch} is `[]`, and
// GET …/branches/{branch}/protection tells an unprotected branch from a
// missing one, admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../test-support/grant.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const PROTECTION_DOCS = 'https://docs.github.com/rest/branches/branch-protection#get-branch-protection';

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  for (const [name, isPrivate] of [
    ['open', false],
    ['hidden', true],
  ] as const) {
    await server.api('/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name, private: isPrivate, auto_init: true },
    });
  }
  const open = (await server.services.repos.find('alice', 'open'))!;
  await grant(server, open.id, carol.id, 'write');
});
afterAll(async () => {
  await server?.close();
});

describe('GET /repos/{owner}/{repo}/rules/branches/{branch}', () => {
  it('answers [] for any branch name, existing or not, anonymously on a public repository', async () => {
    for (const branch of ['main', 'feature/x', 'no-such-branch']) {
      const res = await server.api(`/api/v3/repos/alice/open/rules/branches/${branch}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expectBothSchemas(
        body,
        { path: '/repos/{owner}/{repo}/rules/branches/{branch}', method: 'get' },
        { operationId: 'repos/get-branch-rules' },
      );
      expect(body).toEqual([]);
    }
  });

  it('answers 404 for an unknown repository and a private one anonymously, as its neighbours do', async () => {
    expect((await server.api('/repos/alice/missing/rules/branches/main')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/rules/branches/main')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/rules/branches/main', { token: alice.token })).status).toBe(200);
  });
});

describe('GET /repos/{owner}/{repo}/branches/{branch}/protection', () => {
  it('says "Branch not protected" for an existing branch and "Branch not found" for a missing one', async () => {
    for (const [branch, message] of [
      ['main', 'Branch not protected'],
      ['gone', 'Branch not found'],
    ]) {
      const res = await server.api(`/repos/alice/open/branches/${branch}/protection`, { token: alice.token });
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body).toEqual({ message, documentation_url: PROTECTION_DOCS, status: '404' });
      expect(githubResponseErrors('repos/get-branch-protection', 404, body)).toBe('');
    }
    // The branch itself is still found at its own route.
    expect((await server.api('/repos/alice/open/branches/main', { token: alice.token })).status).toBe(200);
  });

  it('is read with admin rights: a writer and an anonymous caller are refused', async () => {
    expect((await server.api('/repos/alice/open/branches/main/protection', { token: carol.token })).status).toBe(403);
    expect((await server.api('/repos/alice/open/branches/main/protection')).status).toBe(401);
    expect((await server.api('/repos/alice/hidden/branches/main/protection', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/missing/branches/main/protection', { token: alice.token })).status).toBe(
      404,
    );
  });
});
