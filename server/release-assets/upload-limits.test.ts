// The upload's own cap (WHARF_MAX_ASSET_BYTES) over real sockets, in place of
// the JSON body cap: a body far over WHARF_MAX_BODY_BYTES but within the asset
// cap is stored; a Content-Length over the asset cap is 413 before the body is
// read; a chunked body is cut off at the cap; a client that hangs up mid-body
// leaves nothing. In every refused case no file and no row are left.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../test-support/hostile-client.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

const JSON_CAP = 64 * 1024;
const ASSET_CAP = 4 * 1024 * 1024;
const MB = 1024 * 1024;

let server: TestServer;
let port: number;
let alice: TestUser;
let repoId: number;
let path: (name: string) => string;

beforeAll(async () => {
  ({
    server,
    owner: alice,
    repo: { id: repoId },
  } = await startRepositoryFixture('big', {
    env: { WHARF_MAX_BODY_BYTES: String(JSON_CAP), WHARF_MAX_ASSET_BYTES: String(ASSET_CAP), WHARF_BODY_TIMEOUT: '2s' },
  }));
  port = Number(new URL(server.url).port);
  const release = (await (
    await server.api('/repos/alice/big/releases', { method: 'POST', token: alice.token, body: { tag_name: 'v1' } })
  ).json()) as { id: number };
  path = (name) => `/api/uploads/repos/alice/big/releases/${release.id}/assets?name=${name}`;
});
afterAll(() => server?.close());

const auth = () => ({ authorization: `token ${alice.token}`, 'content-type': 'application/octet-stream' });
const files = async () => readdir(join(server.dataDir, 'release-assets', String(repoId))).catch(() => [] as string[]);
const rows = async () =>
  (await server.sql<{ name: string }[]>`SELECT name FROM release_assets ORDER BY id`).map((r) => r.name);

describe('release asset upload limits', () => {
  it('stores a body far over the JSON cap, up to exactly the asset cap, with either framing', async () => {
    for (const framing of ['length', 'chunked'] as const) {
      const result = await upload({
        port,
        path: path(`at-cap-${framing}`),
        headers: auth(),
        bytes: ASSET_CAP,
        framing,
      });
      expect(result.status, result.response.slice(0, 300)).toBe(201);
    }
    expect(await rows()).toEqual(['at-cap-length', 'at-cap-chunked']);
    expect(await files()).toHaveLength(2);
    // The client sends ASSET_CAP bytes of 'a' in 64 KiB writes: the digest of all of them, however framed.
    const digest = `sha256:${createHash('sha256').update(Buffer.alloc(ASSET_CAP, 0x61)).digest('hex')}`;
    expect(
      (await server.sql<{ digest: string }[]>`SELECT digest FROM release_assets ORDER BY id`).map((r) => r.digest),
    ).toEqual([digest, digest]);
  });

  it('refuses a Content-Length over the cap before reading the body: 413, nothing kept', async () => {
    const result = await upload({ port, path: path('too-big'), headers: auth(), bytes: 100 * MB });
    expect(result.status).toBe(413);
    expect(result.closedByServer).toBe(true);
    expect(result.sentBeforeResponse).toBeLessThan(16 * MB);
    expect(await rows()).not.toContain('too-big');
    expect(await files()).toHaveLength(2);
  });

  it('cuts off a chunked body as soon as it passes the cap: 413, the partial file removed', async () => {
    const result = await upload({
      port,
      path: path('chunked-over'),
      headers: auth(),
      bytes: 100 * MB,
      framing: 'chunked',
    });
    expect(result.status).toBe(413);
    expect(result.closedByServer).toBe(true);
    expect(result.sentBeforeResponse).toBeLessThan(ASSET_CAP + 16 * MB);
    expect(await rows()).not.toContain('chunked-over');
    expect(await files()).toHaveLength(2);
  });

  it('leaves nothing behind when the client hangs up mid-body', async () => {
    const result = await upload({ port, path: path('gone'), headers: auth(), bytes: 2 * MB, abortAfter: MB });
    expect(result.status).toBeUndefined();
    // The server notices the hang-up on its own time: wait for the temporary file to go.
    for (let i = 0; i < 1200 && (await files()).length > 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await files()).toHaveLength(2);
    expect(await rows()).not.toContain('gone');
    expect(server.logs.join('\n')).not.toMatch(/unhandled error/);
  });
});
