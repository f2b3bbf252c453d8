// GitHub's legacy GET …/git/refs/{ref}: one ref on an exact match, the refs
// under a prefix as an array otherwise (PyGithub's get_git_ref relies on it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let head: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const [name, priv] of [
    ['code', false],
    ['hidden', true],
  ] as const) {
    const repo = await (
      await server.api('/user/repos', {
        method: 'POST',
        token: alice.token,
        body: { name, private: priv, auto_init: true },
      })
    ).json();
    const sha = (await server.services.git.resolveRef(repo.id, 'refs/heads/main'))!;
    if (name === 'code') head = sha;
    for (const ref of ['refs/heads/feat', 'refs/heads/featureA', 'refs/tags/v1.0', 'refs/tags/v1.1', 'refs/tags/v2']) {
      expect(
        (await server.api(`/repos/alice/${name}/git/refs`, { method: 'POST', token: alice.token, body: { ref, sha } }))
          .status,
      ).toBe(201);
    }
  }
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
});
afterAll(() => server.close());

const PATH = { path: '/repos/{owner}/{repo}/git/refs/{ref}', method: 'get' };
const refsOf = (body: { ref: string }[]) => body.map((r) => r.ref);

describe('GET /repos/{owner}/{repo}/git/refs/{ref} (legacy form)', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers an exact match as one git-ref, like git/get-ref (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/repos/alice/code/git/refs/heads/feat`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual(await (await server.api('/repos/alice/code/git/ref/heads/feat')).json());
      expect(body).toMatchObject({
        ref: 'refs/heads/feat',
        url: `${server.url}/api/v3/repos/alice/code/git/refs/heads/feat`,
        object: { sha: head },
      });
      expectBothSchemas(body, PATH, { component: 'git-ref' });
    });

    it(`answers a prefix with the refs under it, by name (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/repos/alice/code/git/refs/tags/v1`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(refsOf(body)).toEqual(['refs/tags/v1.0', 'refs/tags/v1.1']);
      expectBothSchemas(body, PATH, { component: 'git-ref[]' });
      const namespace = await (await server.api(`${base}/repos/alice/code/git/refs/heads`)).json();
      expect(refsOf(namespace)).toEqual(['refs/heads/feat', 'refs/heads/featureA', 'refs/heads/main']);
      expectBothSchemas(namespace, PATH, { component: 'git-ref[]' });
    });
  }

  it('prefers the exact match over longer names it prefixes, and lists a partial name as a prefix', async () => {
    expect((await (await server.api('/repos/alice/code/git/refs/heads/feat')).json()).ref).toBe('refs/heads/feat');
    expect(refsOf(await (await server.api('/repos/alice/code/git/refs/heads/fe')).json())).toEqual([
      'refs/heads/feat',
      'refs/heads/featureA',
    ]);
    expect(refsOf(await (await server.api('/repos/alice/code/git/refs/tags%2Fv')).json())).toEqual([
      'refs/tags/v1.0',
      'refs/tags/v1.1',
      'refs/tags/v2',
    ]);
  });

  it('pages a prefix list with a Link header under /api/v3', async () => {
    const res = await server.api('/repos/alice/code/git/refs/tags?per_page=2');
    expect(refsOf(await res.json())).toEqual(['refs/tags/v1.0', 'refs/tags/v1.1']);
    expect(res.headers.get('link')).toContain(
      `<${server.url}/api/v3/repos/alice/code/git/refs/tags?per_page=2&page=2>; rel="next"`,
    );
  });

  it('is 404 when nothing matches, and 409 for an empty repository', async () => {
    const none = await server.api('/repos/alice/code/git/refs/heads/nope');
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('Not Found');
    expect((await server.api('/repos/alice/code/git/refs/pulls')).status).toBe(404);
    expect((await server.api('/repos/alice/empty/git/refs/heads', { token: alice.token })).status).toBe(409);
  });

  it('follows repository visibility: 404 anonymous, 403 non-member, 200 owner', async () => {
    expect((await server.api('/repos/alice/hidden/git/refs/heads/main')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/git/refs/heads', { token: bob.token })).status).toBe(403);
    const own = await server.api('/repos/alice/hidden/git/refs/heads/main', { token: alice.token });
    expect(own.status).toBe(200);
    expectBothSchemas(await own.json(), PATH, { component: 'git-ref' });
  });

  it('leaves DELETE on the same path as it was', async () => {
    expect(
      (await server.api('/repos/alice/code/git/refs/tags/v2', { method: 'DELETE', token: alice.token })).status,
    ).toBe(204);
    expect((await server.api('/repos/alice/code/git/refs/tags/v2')).status).toBe(404);
  });
});
