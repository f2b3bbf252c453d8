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
  const repo = await (
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'code', auto_init: true } })
  ).json();
  head = (await server.services.git.resolveRef(repo.id, 'refs/heads/main'))!;
  for (const ref of ['refs/heads/feat', 'refs/heads/featureA', 'refs/heads/featureB', 'refs/tags/v1', 'refs/notes/x']) {
    expect(
      (await server.api('/repos/alice/code/git/refs', { method: 'POST', token: alice.token, body: { ref, sha: head } }))
        .status,
    ).toBe(201);
  }
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'hidden', private: true, auto_init: true },
  });
});
afterAll(() => server.close());

const refsOf = (body: { ref: string }[]) => body.map((r) => r.ref);
const ALL = [
  'refs/heads/feat',
  'refs/heads/featureA',
  'refs/heads/featureB',
  'refs/heads/main',
  'refs/notes/x',
  'refs/tags/v1',
];

describe('GET /repos/{owner}/{repo}/git/refs', () => {
  for (const base of ['', '/api/v3']) {
    it(`lists every ref by name, any namespace (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/repos/alice/code/git/refs`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(refsOf(body)).toEqual(ALL);
      expect(body[3]).toEqual({
        ref: 'refs/heads/main',
        node_id: expect.any(String),
        url: `${server.url}/api/v3/repos/alice/code/git/refs/heads/main`,
        object: { type: 'commit', sha: head, url: `${server.url}/api/v3/repos/alice/code/git/commits/${head}` },
      });
      expectBothSchemas(body, { path: '/repos/{owner}/{repo}/git/refs', method: 'get' }, { component: 'git-ref[]' });
    });
  }

  it('pages with per_page/page and a Link header', async () => {
    const first = await server.api('/repos/alice/code/git/refs?per_page=4');
    expect(refsOf(await first.json())).toEqual(ALL.slice(0, 4));
    expect(first.headers.get('link')).toContain('page=2');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await server.api('/repos/alice/code/git/refs?per_page=4&page=2');
    expect(refsOf(await second.json())).toEqual(ALL.slice(4));
    expect(second.headers.get('link')).toContain('rel="prev"');
  });

  it('is 409 for an empty repository, as GitHub answers', async () => {
    const res = await server.api('/repos/alice/empty/git/refs', { token: alice.token });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Git Repository is empty.');
  });

  it('follows repository visibility: 404 anonymous, 403 non-member, 404 unknown', async () => {
    expect((await server.api('/repos/alice/hidden/git/refs')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/git/refs', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/hidden/git/refs', { token: alice.token })).status).toBe(200);
    expect((await server.api('/repos/alice/nothing/git/refs')).status).toBe(404);
  });
});

describe('GET /repos/{owner}/{repo}/git/matching-refs/{ref}', () => {
  for (const base of ['', '/api/v3']) {
    it(`lists the refs whose name starts with refs/<ref> (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/repos/alice/code/git/matching-refs/heads/feat`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(refsOf(body)).toEqual(['refs/heads/feat', 'refs/heads/featureA', 'refs/heads/featureB']);
      expectBothSchemas(
        body,
        { path: '/repos/{owner}/{repo}/git/matching-refs/{ref}', method: 'get' },
        { operationId: 'git/list-matching-refs' },
      );
    });
  }

  it('takes the prefix raw or %2F-encoded, and a namespace alone', async () => {
    expect(refsOf(await (await server.api('/repos/alice/code/git/matching-refs/heads%2FfeatureA')).json())).toEqual([
      'refs/heads/featureA',
    ]);
    expect(refsOf(await (await server.api('/repos/alice/code/git/matching-refs/tags')).json())).toEqual([
      'refs/tags/v1',
    ]);
  });

  // go-github's ListMatchingRefs(ctx, owner, repo, "") is its documented way to list every ref.
  for (const base of ['', '/api/v3']) {
    it(`lists every ref for an empty prefix, matching-refs/ (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/repos/alice/code/git/matching-refs/`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(refsOf(body)).toEqual(ALL);
      expectBothSchemas(
        body,
        { path: '/repos/{owner}/{repo}/git/matching-refs/{ref}', method: 'get' },
        { operationId: 'git/list-matching-refs' },
      );
      const paged = await server.api(`${base}/repos/alice/code/git/matching-refs/?per_page=5`);
      expect(refsOf(await paged.json())).toEqual(ALL.slice(0, 5));
      expect(paged.headers.get('link')).toContain(`/repos/alice/code/git/matching-refs/?per_page=5&page=2`);
    });
  }

  it('answers [] when nothing matches', async () => {
    const res = await server.api('/repos/alice/code/git/matching-refs/heads/nope');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('pages like the full list', async () => {
    const res = await server.api('/repos/alice/code/git/matching-refs/heads/?per_page=2&page=2');
    expect(refsOf(await res.json())).toEqual(['refs/heads/featureB', 'refs/heads/main']);
    expect(res.headers.get('link')).toContain('rel="first"');
  });

  it('follows repository visibility and is 409 for an empty repository', async () => {
    expect((await server.api('/repos/alice/hidden/git/matching-refs/heads')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/git/matching-refs/heads', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/empty/git/matching-refs/heads', { token: alice.token })).status).toBe(409);
  });
});
