// Release assets (issue 19) through stock Octokit: uploaded at the release's
// `upload_url` (the URI template Octokit expands with `name` and `label`), then
// listed, read, downloaded (`Accept: application/octet-stream`, 302 to the
// signed URL that fetch follows), renamed and deleted.
import type { Octokit } from '@octokit/rest';
import { createHash } from 'node:crypto';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function assetCalls(
  call: Call,
  octokit: Octokit,
  at: { owner: string; repo: string },
  prefix: string,
): Promise<void> {
  const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
  const release = await call(
    'create a release for assets',
    async () => (await octokit.rest.repos.createRelease({ ...at, tag_name: `${prefix}-assets` })).data,
  );
  const asset = await call('upload a release asset (upload_url)', async () => {
    const { data } = await octokit.rest.repos.uploadReleaseAsset({
      ...at,
      release_id: release?.id ?? 0,
      url: release?.upload_url,
      name: 'tool.bin',
      label: 'The tool',
      data: bytes as unknown as string,
      headers: { 'content-type': 'application/octet-stream' },
    } as Parameters<Octokit['rest']['repos']['uploadReleaseAsset']>[0]);
    expect(data.size === bytes.length && data.state === 'uploaded' && data.label === 'The tool', 'other asset');
    return data;
  });
  const id = { ...at, asset_id: asset?.id ?? 0 };
  await call('list release assets', async () =>
    expect(
      (await octokit.rest.repos.listReleaseAssets({ ...at, release_id: release?.id ?? 0 })).data.some(
        (a) => a.id === asset?.id,
      ),
      'not listed',
    ),
  );
  await call('get a release asset', async () =>
    expect((await octokit.rest.repos.getReleaseAsset(id)).data.name === 'tool.bin', 'other asset'),
  );
  await call('download a release asset', async () => {
    const { data } = await octokit.rest.repos.getReleaseAsset({
      ...id,
      headers: { accept: 'application/octet-stream' },
    });
    expect(sha256(new Uint8Array(data as unknown as ArrayBuffer)) === sha256(bytes), 'other bytes');
  });
  await call('update a release asset', async () =>
    expect(
      (await octokit.rest.repos.updateReleaseAsset({ ...id, name: 'tool-v1.bin', label: 'Tool v1' })).data.name ===
        'tool-v1.bin',
      'not updated',
    ),
  );
  await call('delete a release asset', () => octokit.rest.repos.deleteReleaseAsset(id));
}
