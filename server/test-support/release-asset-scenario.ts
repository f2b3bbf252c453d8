// The set-up of the release asset tests: alice's repository alice/tools (the
// repository fixture) with bob (no rights) and carol (write), its release v1,
// uploads as raw bytes, and the asset files on disk.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startRepositoryFixture } from './repository-fixture.js';
import type { TestServer, TestUser } from './test-server.js';

export interface ReleaseAssetScenario {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  repoId: number;
  /** Release v1. */
  release: { id: number; upload_url: string };
  /** POSTs `bytes` to `url` as the owner of `token` (alice unless told). */
  upload(url: string, bytes: Buffer, token?: string, contentType?: string): Promise<Response>;
  /** The names in the repository's asset folder (none when it is missing). */
  assetFiles(): Promise<string[]>;
}

export async function startReleaseAssetScenario(): Promise<ReleaseAssetScenario> {
  const {
    server,
    owner: alice,
    users: { bob, carol },
    repo: { id: repoId },
  } = await startRepositoryFixture('tools', { users: ['bob', 'carol'], grants: { carol: 'write' } });
  const release = (await (
    await server.api('/repos/alice/tools/releases', { method: 'POST', token: alice.token, body: { tag_name: 'v1' } })
  ).json()) as ReleaseAssetScenario['release'];
  return {
    server,
    alice,
    bob,
    carol,
    repoId,
    release,
    upload: (url, bytes, token = alice.token, contentType = 'application/octet-stream') =>
      fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          accept: 'application/vnd.github+json',
        },
        body: new Uint8Array(bytes),
      }),
    assetFiles: () => readdir(join(server.dataDir, 'release-assets', String(repoId))).catch(() => [] as string[]),
  };
}
