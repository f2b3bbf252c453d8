// Releases over real HTTP: GitHub's bodies (checked against @octokit/openapi),
// drafts visible only to writers, the tag created from target_commitish when
// a release is published (and an existing tag used as is), 422s for a taken
// tag or an unknown target, and which release is `latest`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let repoId: number;
let head: string;

const REPO = '/repos/alice/shipping';
const json = async (res: Response) => (await res.json()) as any;
const create = (body: Record<string, unknown>, token = alice.token) =>
  server.api(`${REPO}/releases`, { method: 'POST', token, body });
const update = (id: number, body: Record<string, unknown>, token = alice.token) =>
  server.api(`${REPO}/releases/${id}`, { method: 'PATCH', token, body });
const tagSha = (tag: string) => server.services.git.resolveRef(repoId, `refs/tags/${tag}`);

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob, carol },
    repo: { id: repoId, head },
  } = await startRepositoryFixture('shipping', { users: ['bob', 'carol'], grants: { carol: 'write' } }));
});
afterAll(() => server.close());

describe('releases', () => {
  it('creates a published release with GitHub’s body, and its tag at the default branch', async () => {
    const res = await create({ tag_name: 'v1.0.0', name: 'One', body: 'First' });
    expect(res.status).toBe(201);
    const r = await json(res);
    expectBothSchemas(
      r,
      { path: '/repos/{owner}/{repo}/releases', method: 'post', status: 201 },
      { operationId: 'repos/create-release' },
    );
    expect(r).toMatchObject({
      tag_name: 'v1.0.0',
      target_commitish: 'main',
      name: 'One',
      body: 'First',
      draft: false,
      prerelease: false,
      url: `${server.url}/api/v3${REPO}/releases/${r.id}`,
      html_url: `${server.url}/alice/shipping/releases/tag/v1.0.0`,
      upload_url: `${server.url}/api/uploads${REPO}/releases/${r.id}/assets{?name,label}`,
      tarball_url: `${server.url}/api/v3${REPO}/tarball/v1.0.0`,
      assets: [],
      author: { login: 'alice' },
    });
    expect(r.node_id).toMatch(/^RL_/);
    expect(r.published_at).not.toBeNull();
    expect(res.headers.get('location')).toBe(r.url);
    expect(await tagSha('v1.0.0')).toBe(head);
    const got = await server.api(`${REPO}/releases/${r.id}`, { token: bob.token });
    expectBothSchemas(
      await json(got),
      { path: '/repos/{owner}/{repo}/releases/{release_id}', method: 'get' },
      { operationId: 'repos/get-release' },
    );
    const byTag = await server.api(`${REPO}/releases/tags/v1.0.0`);
    expect((await json(byTag)).id).toBe(r.id);
  });

  it('uses an existing tag as is and accepts a sha target', async () => {
    // A tag at the same commit made by hand first: the release does not move it.
    expect(
      (
        await server.api(`${REPO}/git/refs`, {
          method: 'POST',
          token: alice.token,
          body: { ref: 'refs/tags/hand', sha: head },
        })
      ).status,
    ).toBe(201);
    const r = await json(await create({ tag_name: 'hand', target_commitish: 'nonexistent-branch' }));
    expect(r.target_commitish).toBe('nonexistent-branch');
    expect(await tagSha('hand')).toBe(head);
    const bySha = await create({ tag_name: 'by-sha', target_commitish: head.slice(0, 10) });
    expect(bySha.status).toBe(201);
    expect(await tagSha('by-sha')).toBe(head);
  });

  it('refuses a taken tag, an unknown target, a bad tag name, and non-writers', async () => {
    const taken = await create({ tag_name: 'v1.0.0' });
    expect(taken.status).toBe(422);
    expect((await json(taken)).errors).toEqual([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
    const badTarget = await create({ tag_name: 'v9', target_commitish: 'no-such-branch' });
    expect(badTarget.status).toBe(422);
    expect((await json(badTarget)).errors).toEqual([
      { resource: 'Release', code: 'invalid', field: 'target_commitish' },
    ]);
    expect(await tagSha('v9')).toBeNull();
    expect((await create({ tag_name: 'bad..name' })).status).toBe(422);
    expect((await create({ tag_name: 'v9' }, bob.token)).status).toBe(403);
    expect(
      (await server.api(`${REPO}/releases`, { method: 'POST', token: alice.token, body: '{"tag_name":' as any }))
        .status,
    ).toBe(400);
    expect((await server.api(`${REPO}/releases/999999`, { token: alice.token })).status).toBe(404);
    // PostgreSQL text cannot hold NUL: refused by the schema, not a 500.
    expect((await create({ tag_name: 'v9', body: 'a\u0000b' })).status).toBe(422);
    const one = await json(await server.api(`${REPO}/releases/tags/v1.0.0`));
    expect((await update(one.id, { body: 'a\u0000b', name: '\u0000' })).status).toBe(422);
    expect((await server.api(`${REPO}/releases/tags/v%00`, { token: alice.token })).status).toBe(404);
  });

  it('keeps drafts from readers; publishing a draft creates its tag', async () => {
    const draft = await json(await create({ tag_name: 'v2.0.0-draft', draft: true }, carol.token));
    expect(draft).toMatchObject({ draft: true, published_at: null, tarball_url: null, zipball_url: null });
    expect(await tagSha('v2.0.0-draft')).toBeNull();
    expect((await server.api(`${REPO}/releases/${draft.id}`, { token: bob.token })).status).toBe(404);
    expect((await server.api(`${REPO}/releases/${draft.id}`, { token: carol.token })).status).toBe(200);
    expect((await server.api(`${REPO}/releases/tags/v2.0.0-draft`, { token: alice.token })).status).toBe(404);
    const ids = async (token: string) =>
      (await json(await server.api(`${REPO}/releases?per_page=100`, { token }))).map((r: any) => r.id);
    expect(await ids(bob.token)).not.toContain(draft.id);
    expect(await ids(alice.token)).toContain(draft.id);

    const res = await update(draft.id, { draft: false, name: 'Two' });
    expect(res.status).toBe(200);
    const published = await json(res);
    expectBothSchemas(
      published,
      { path: '/repos/{owner}/{repo}/releases/{release_id}', method: 'patch' },
      { operationId: 'repos/update-release' },
    );
    expect(published).toMatchObject({ draft: false, name: 'Two' });
    expect(published.published_at).not.toBeNull();
    expect(await tagSha('v2.0.0-draft')).toBe(head);
  });

  it('lists newest first with Link pages', async () => {
    const res = await server.api(`${REPO}/releases?per_page=2`, { token: alice.token });
    const list = await json(res);
    expectBothSchemas(
      list,
      { path: '/repos/{owner}/{repo}/releases', method: 'get' },
      { operationId: 'repos/list-releases' },
    );
    expect(list).toHaveLength(2);
    expect(list[0].tag_name).toBe('v2.0.0-draft');
    expect(res.headers.get('link')).toContain('rel="next"');
  });

  it('latest: the newest published full release unless make_latest says otherwise', async () => {
    const latest = async () => json(await server.api(`${REPO}/releases/latest`, { token: bob.token }));
    expect((await latest()).tag_name).toBe('v2.0.0-draft');
    const pre = await json(await create({ tag_name: 'v3-rc', prerelease: true }));
    expect((await latest()).tag_name).toBe('v2.0.0-draft');
    const quiet = await json(await create({ tag_name: 'v3-quiet', make_latest: 'false' }));
    expect((await latest()).tag_name).toBe('v2.0.0-draft');
    const one = await json(await server.api(`${REPO}/releases/tags/v1.0.0`));
    await update(one.id, { make_latest: 'true' });
    const got = await latest();
    expectBothSchemas(
      got,
      { path: '/repos/{owner}/{repo}/releases/latest', method: 'get' },
      { operationId: 'repos/get-latest-release' },
    );
    expect(got.tag_name).toBe('v1.0.0');
    // The prerelease becomes a full release and is chosen explicitly.
    await update(pre.id, { prerelease: false, make_latest: 'true' });
    expect((await latest()).tag_name).toBe('v3-rc');
    expect(quiet.id).toBeGreaterThan(0);
  });

  it('deletes a release and keeps its tag', async () => {
    const r = await json(await create({ tag_name: 'gone' }));
    expect((await server.api(`${REPO}/releases/${r.id}`, { method: 'DELETE', token: bob.token })).status).toBe(403);
    expect((await server.api(`${REPO}/releases/${r.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await server.api(`${REPO}/releases/${r.id}`, { token: alice.token })).status).toBe(404);
    expect(await tagSha('gone')).toBe(head);
  });

  it('latest is 404 on a repository without releases', async () => {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'bare' } })).status,
    ).toBe(201);
    expect((await server.api('/repos/alice/bare/releases/latest', { token: alice.token })).status).toBe(404);
  });
});
