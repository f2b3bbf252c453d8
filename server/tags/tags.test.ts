// GET …/tags: GitHub's body and order (newest version first), pages with
// Link, annotated tags peeled to their commit, the access policy's 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushHistory, type History } from '../test-support/commit-history-fixture.js';
import { cloneUrl } from '../test-support/git-cli.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let history: History;

interface Tag {
  name: string;
  commit: { sha: string; url: string };
  zipball_url: string;
  tarball_url: string;
  node_id: string;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  history = await pushHistory(server, alice, 'history');
  const run = (args: string[]) => history.git.ok(args, { cwd: history.work });
  await run(['tag', 'v1.9.0', history.sha.root!]);
  await run(['tag', '-a', '-m', 'ten', 'v1.10.0', history.sha.rename!]);
  await run(['tag', 'v2.0.0', history.sha.merge!]);
  await run(['push', '--quiet', cloneUrl(server.url, 'alice/history.git', alice.token), '--tags']);
  for (const body of [{ name: 'empty' }, { name: 'hidden', private: true, auto_init: true }])
    await server.api('/user/repos', { method: 'POST', token: alice.token, body });
});
afterAll(async () => {
  await server?.close();
  await history?.git.close();
});

describe('GET /repos/{owner}/{repo}/tags', () => {
  it('lists every tag, newest version first, with GitHub’s body', async () => {
    const res = await server.api('/api/v3/repos/alice/history/tags');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Tag[];
    expectBothSchemas(body, { path: '/repos/{owner}/{repo}/tags', method: 'get' }, { operationId: 'repos/list-tags' });
    expect(body.map((tag) => tag.name)).toEqual(['v2.0.0', 'v1.10.0', 'v1.9.0', 'v1']);
    const api = `${server.url}/api/v3/repos/alice/history`;
    expect(body[1]).toEqual({
      name: 'v1.10.0',
      // The annotated tag's commit, not the tag object.
      commit: { sha: history.sha.rename, url: `${api}/commits/${history.sha.rename}` },
      zipball_url: `${api}/zipball/refs/tags/v1.10.0`,
      tarball_url: `${api}/tarball/refs/tags/v1.10.0`,
      node_id: expect.stringMatching(/^REF_/),
    });
    // The node id is the tag ref's, the one GET …/git/ref/tags/{tag} gives.
    const ref = await (await server.api('/repos/alice/history/git/ref/tags/v1.10.0')).json();
    expect(body[1]!.node_id).toBe(ref.node_id);
    // The archive links lead to the tag's tree.
    const zip = await fetch(body[1]!.zipball_url, { redirect: 'manual' });
    expect([200, 302]).toContain(zip.status);
  });

  it('pages with per_page, page and Link', async () => {
    const first = await server.api('/repos/alice/history/tags?per_page=3');
    expect(((await first.json()) as Tag[]).map((tag) => tag.name)).toEqual(['v2.0.0', 'v1.10.0', 'v1.9.0']);
    expect(first.headers.get('link')).toBe(
      `<${server.url}/api/v3/repos/alice/history/tags?per_page=3&page=2>; rel="next", ` +
        `<${server.url}/api/v3/repos/alice/history/tags?per_page=3&page=2>; rel="last"`,
    );
    const second = await server.api('/repos/alice/history/tags?per_page=3&page=2');
    expect(((await second.json()) as Tag[]).map((tag) => tag.name)).toEqual(['v1']);
    expect(await (await server.api('/repos/alice/history/tags?page=9')).json()).toEqual([]);
  });

  it('answers [] for a repository without tags; a private one is 404 anonymously, 403 to a signed-in stranger', async () => {
    expect(await (await server.api('/repos/alice/empty/tags')).json()).toEqual([]);
    expect((await server.api('/repos/alice/hidden/tags')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/tags', { token: bob.token })).status).toBe(403);
    expect(await (await server.api('/repos/alice/hidden/tags', { token: alice.token })).json()).toEqual([]);
    expect((await server.api('/repos/alice/missing/tags')).status).toBe(404);
  });

  it('refuses bad paging with 422, never a 500', async () => {
    for (const query of ['per_page=0', 'page=-1', 'per_page=abc']) {
      expect((await server.api(`/repos/alice/history/tags?${query}`)).status).toBeOneOf([400, 422]);
    }
  });
});
