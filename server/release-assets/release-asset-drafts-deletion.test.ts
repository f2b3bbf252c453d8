// Release assets over real HTTP beyond a published release: a draft's assets
// seen only by writers, an upload to a release deleted while its body
// streams in (no file, no row), and the files removed with their release or
// repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReleaseAssetScenario, type ReleaseAssetScenario } from '../test-support/release-asset-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let upload: ReleaseAssetScenario['upload'];
let assetFiles: ReleaseAssetScenario['assetFiles'];

const REPO = '/repos/alice/tools';
const json = async (res: Response) => (await res.json()) as any;

beforeAll(async () => {
  ({ server, alice, bob, carol, upload, assetFiles } = await startReleaseAssetScenario());
});
afterAll(() => server.close());

describe('release assets', () => {
  it('a draft’s assets are seen only by writers, under untagged-<id>', async () => {
    const draft = await json(
      await server.api(`${REPO}/releases`, {
        method: 'POST',
        token: alice.token,
        body: { tag_name: 'v2', draft: true },
      }),
    );
    const asset = await json(
      await upload(`${server.url}/api/uploads${REPO}/releases/${draft.id}/assets?name=pre.bin`, Buffer.from('pre')),
    );
    expect(asset.browser_download_url).toBe(`${server.url}/alice/tools/releases/download/untagged-${draft.id}/pre.bin`);
    expect((await server.api(`${REPO}/releases/assets/${asset.id}`, { token: bob.token })).status).toBe(404);
    expect((await server.api(`${REPO}/releases/${draft.id}/assets`, { token: bob.token })).status).toBe(404);
    expect((await server.api(`${REPO}/releases/assets/${asset.id}`, { token: carol.token })).status).toBe(200);
    expect((await fetch(asset.browser_download_url, { redirect: 'manual' })).status).toBe(404);
    const writer = await fetch(asset.browser_download_url, {
      redirect: 'manual',
      headers: { authorization: `token ${carol.token}` },
    });
    expect(writer.status).toBe(302);
  });

  it('an upload to a release deleted while its body streams in is 404 and leaves no file and no row', async () => {
    const doomed = await json(
      await server.api(`${REPO}/releases`, { method: 'POST', token: alice.token, body: { tag_name: 'v-race' } }),
    );
    const before = await assetFiles();
    const { request } = await import('node:http');
    const { port } = new URL(server.url);
    let answered!: (value: { status: number; body: string }) => void;
    const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/uploads${REPO}/releases/${doomed.id}/assets?name=late.bin`,
        headers: {
          authorization: `token ${alice.token}`,
          'content-type': 'application/octet-stream',
          'content-length': '8',
        },
      },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => (body += chunk))
          .on('end', () => answered({ status: res.statusCode!, body }));
      },
    );
    req.write('half');
    // The spool file appears once the server streams the body: the release goes now.
    while (!(await assetFiles()).some((name) => name.startsWith('.upload-')))
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await server.api(`${REPO}/releases/${doomed.id}`, { method: 'DELETE', token: alice.token })).status).toBe(
      204,
    );
    req.end('more');
    const { status, body } = await answer;
    expect(status, body).toBe(404);
    expect(await assetFiles()).toEqual(before);
    const [{ count }] = await server.sql<
      [{ count: number }]
    >`SELECT count(*)::int AS count FROM release_assets WHERE name = 'late.bin'`;
    expect(count).toBe(0);
  });

  it('deleting a release removes its assets’ files; deleting the repository removes the rest', async () => {
    const doomed = await json(
      await server.api(`${REPO}/releases`, { method: 'POST', token: alice.token, body: { tag_name: 'v3' } }),
    );
    const a = await json(
      await upload(`${server.url}/api/uploads${REPO}/releases/${doomed.id}/assets?name=a.bin`, Buffer.from('a')),
    );
    expect(await assetFiles()).toContain(String(a.id));
    expect((await server.api(`${REPO}/releases/${doomed.id}`, { method: 'DELETE', token: alice.token })).status).toBe(
      204,
    );
    expect(await assetFiles()).not.toContain(String(a.id));
    expect((await assetFiles()).length).toBeGreaterThan(0);
    expect((await server.api(REPO, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect(await assetFiles()).toEqual([]);
    const [{ count }] = await server.sql<[{ count: number }]>`SELECT count(*)::int AS count FROM release_assets`;
    expect(count).toBe(0);
  });
});
