// Release assets over real HTTP: upload at the release's upload_url (and the
// API path), download through the signed URL (bytes equal, sha256), GitHub's
// bodies (checked against @octokit/openapi), list/update/delete, 422s and
// 404s, permissions, download_count, and release bodies that show assets.
// The tests run in order on release v1's assets.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReleaseAssetScenario, type ReleaseAssetScenario } from '../test-support/release-asset-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let repoId: number;
let release: ReleaseAssetScenario['release'];
let upload: ReleaseAssetScenario['upload'];
let assetFiles: ReleaseAssetScenario['assetFiles'];

const REPO = '/repos/alice/tools';
const json = async (res: Response) => (await res.json()) as any;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The `digest` GitHub gives an asset of these bytes. */
const digestOf = (bytes: Uint8Array) => `sha256:${sha256(bytes)}`;
const uploadUrl = (name: string, label?: string) =>
  release.upload_url.replace(
    '{?name,label}',
    `?name=${encodeURIComponent(name)}${label === undefined ? '' : `&label=${encodeURIComponent(label)}`}`,
  );

beforeAll(async () => {
  ({ server, alice, bob, carol, repoId, release, upload, assetFiles } = await startReleaseAssetScenario());
});
afterAll(() => server.close());

describe('release assets', () => {
  it('uploads binary bytes at upload_url (/api/uploads) and downloads the same bytes through a signed URL', async () => {
    expect(release.upload_url).toBe(`${server.url}/api/uploads${REPO}/releases/${release.id}/assets{?name,label}`);
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const res = await upload(uploadUrl('tool-linux.tar.gz', 'Linux build'), bytes, carol.token, 'application/gzip');
    expect(res.status).toBe(201);
    const asset = await json(res);
    expectBothSchemas(
      asset,
      { path: '/repos/{owner}/{repo}/releases/{release_id}/assets', method: 'post', status: 201 },
      { operationId: 'repos/upload-release-asset' },
    );
    expect(asset).toMatchObject({
      name: 'tool-linux.tar.gz',
      label: 'Linux build',
      state: 'uploaded',
      size: bytes.length,
      content_type: 'application/gzip',
      download_count: 0,
      digest: digestOf(bytes),
      uploader: { login: 'carol' },
      url: `${server.url}/api/v3${REPO}/releases/assets/${asset.id}`,
      browser_download_url: `${server.url}/alice/tools/releases/download/v1/tool-linux.tar.gz`,
    });
    expect(asset.node_id).toMatch(/^RLA_/);
    expect(res.headers.get('location')).toBe(asset.url);

    const redirect = await fetch(`${server.url}${REPO}/releases/assets/${asset.id}`, {
      redirect: 'manual',
      headers: { authorization: `token ${bob.token}`, accept: 'application/octet-stream' },
    });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location).toMatch(
      new RegExp(`^${server.url}/api/release-assets/${repoId}/${asset.id}\\?expires=\\d+&signature=`),
    );
    // No token: the signed URL is the credential.
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=tool-linux.tar.gz');
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));

    const again = await json(await server.api(`${REPO}/releases/assets/${asset.id}`, { token: bob.token }));
    expectBothSchemas(
      again,
      { path: '/repos/{owner}/{repo}/releases/assets/{asset_id}', method: 'get' },
      { operationId: 'repos/get-release-asset' },
    );
    expect(again.download_count).toBe(1);
    expect(again.digest).toBe(digestOf(bytes));
  });

  it('also takes the upload at the API path (and /api/v3), any Content-Type, an empty body', async () => {
    const text = await upload(
      `${server.url}${REPO}/releases/${release.id}/assets?name=notes.txt`,
      Buffer.from('hello\n'),
      alice.token,
      'text/plain; charset=utf-8',
    );
    expect(text.status).toBe(201);
    expect(await json(text)).toMatchObject({
      name: 'notes.txt',
      content_type: 'text/plain; charset=utf-8',
      size: 6,
      label: null,
    });
    const empty = await fetch(`${server.url}/api/v3${REPO}/releases/${release.id}/assets?name=empty`, {
      method: 'POST',
      headers: { authorization: `token ${alice.token}` },
    });
    expect(empty.status).toBe(201);
    const emptyAsset = await json(empty);
    expectBothSchemas(
      emptyAsset,
      { path: '/repos/{owner}/{repo}/releases/{release_id}/assets', method: 'post', status: 201 },
      { operationId: 'repos/upload-release-asset' },
    );
    expect(emptyAsset).toMatchObject({
      name: 'empty',
      size: 0,
      content_type: 'application/octet-stream',
      digest: digestOf(new Uint8Array()),
    });
  });

  it('renames unsafe names as GitHub does; 422 for a missing, empty or taken name', async () => {
    const renamed = await json(await upload(uploadUrl('my tool (v1).zip'), Buffer.from('z')));
    expect(renamed.name).toBe('my.tool.v1.zip');
    const missing = await upload(release.upload_url.replace('{?name,label}', ''), Buffer.from('x'));
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual([{ resource: 'ReleaseAsset', field: 'name', code: 'missing_field' }]);
    expect((await upload(uploadUrl('...'), Buffer.from('x'))).status).toBe(422);
    const before = await assetFiles();
    const taken = await upload(uploadUrl('notes.txt'), Buffer.from('again'));
    expect(taken.status).toBe(422);
    expect((await json(taken)).errors).toEqual([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]);
    expect(await assetFiles()).toEqual(before);
  });

  it('needs push access to upload; 404 for unknown releases, assets and repositories', async () => {
    expect((await upload(uploadUrl('bob.bin'), Buffer.from('b'), bob.token)).status).toBe(403);
    expect((await fetch(uploadUrl('anon.bin'), { method: 'POST', body: 'a' })).status).toBe(401);
    expect(
      (await upload(`${server.url}/api/uploads${REPO}/releases/999999/assets?name=x`, Buffer.from('x'))).status,
    ).toBe(404);
    expect(
      (
        await upload(
          `${server.url}/api/uploads/repos/alice/nope/releases/${release.id}/assets?name=x`,
          Buffer.from('x'),
        )
      ).status,
    ).toBe(404);
    expect((await server.api(`${REPO}/releases/assets/999999`, { token: alice.token })).status).toBe(404);
    expect((await server.api(`${REPO}/releases/999999/assets`, { token: alice.token })).status).toBe(404);
    expect(
      (
        await server.api(`${REPO}/releases/assets/999999`, {
          method: 'PATCH',
          token: alice.token,
          body: { label: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await server.api(`${REPO}/releases/assets/999999`, { method: 'DELETE', token: alice.token })).status).toBe(
      404,
    );
  });

  it('lists a release’s assets oldest first with Link pages, and shows them in release bodies', async () => {
    const res = await server.api(`${REPO}/releases/${release.id}/assets?per_page=2`, { token: bob.token });
    const page = await json(res);
    expectBothSchemas(
      page,
      { path: '/repos/{owner}/{repo}/releases/{release_id}/assets', method: 'get' },
      { operationId: 'repos/list-release-assets' },
    );
    expect(page.map((a: any) => a.name)).toEqual(['tool-linux.tar.gz', 'notes.txt']);
    expect(res.headers.get('link')).toContain('rel="next"');
    const body = await json(await server.api(`${REPO}/releases/${release.id}`, { token: bob.token }));
    expectBothSchemas(
      body,
      { path: '/repos/{owner}/{repo}/releases/{release_id}', method: 'get' },
      { operationId: 'repos/get-release' },
    );
    expect(body.assets.map((a: any) => a.name)).toEqual(['tool-linux.tar.gz', 'notes.txt', 'empty', 'my.tool.v1.zip']);
    expect(body.assets.slice(0, 2).map((a: any) => a.digest)).toEqual(page.map((a: any) => a.digest));
    expect(body.assets[0].digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(body.assets[1].digest).toBe(digestOf(Buffer.from('hello\n')));
    expect(body.assets[3].digest).toBe(digestOf(Buffer.from('z')));
    const listed = await json(await server.api(`${REPO}/releases`, { token: bob.token }));
    expect(listed[0].assets).toHaveLength(4);
    expect((await json(await server.api(`${REPO}/releases/latest`))).assets).toHaveLength(4);
  });

  it('updates name and label (a taken name is 422) and deletes an asset with its file', async () => {
    const [, notes] = await json(await server.api(`${REPO}/releases/${release.id}/assets`, { token: alice.token }));
    const res = await server.api(`${REPO}/releases/assets/${notes.id}`, {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'README.txt', label: 'Read me', state: 'uploaded' },
    });
    expect(res.status).toBe(200);
    const updated = await json(res);
    expectBothSchemas(
      updated,
      { path: '/repos/{owner}/{repo}/releases/assets/{asset_id}', method: 'patch' },
      { operationId: 'repos/update-release-asset' },
    );
    expect(updated).toMatchObject({ name: 'README.txt', label: 'Read me', size: 6 });
    const taken = await server.api(`${REPO}/releases/assets/${notes.id}`, {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'empty' },
    });
    expect(taken.status).toBe(422);
    expect((await json(taken)).errors).toEqual([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]);
    expect(
      (
        await server.api(`${REPO}/releases/assets/${notes.id}`, {
          method: 'PATCH',
          token: bob.token,
          body: { label: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.api(`${REPO}/releases/assets/${notes.id}`, { method: 'DELETE', token: bob.token })).status,
    ).toBe(403);

    expect(await assetFiles()).toContain(String(notes.id));
    expect(
      (await server.api(`${REPO}/releases/assets/${notes.id}`, { method: 'DELETE', token: alice.token })).status,
    ).toBe(204);
    expect(await assetFiles()).not.toContain(String(notes.id));
    expect((await server.api(`${REPO}/releases/assets/${notes.id}`, { token: alice.token })).status).toBe(404);
  });
});
