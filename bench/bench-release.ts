// A release to upload assets to, on a Wharf a benchmark started: its uploads
// (curl, through the release's upload_url), the signed URL an asset downloads
// from (the API's 302), and deleting an asset. bench/assets.ts and
// bench/assets-gc.ts share it.
import { httpUpload } from './asset-transfers.js';
import type { WharfServer } from './spawn-wharf.js';

export interface BenchRelease {
  /** POSTs the file at `path` as asset `name`; the status and the asset's JSON. */
  upload(name: string, path: string): Promise<{ status: number; body: any }>;
  /** Where the asset at `assetUrl` downloads from without a token (the API's 302 for its bytes). */
  signedUrl(assetUrl: string): Promise<string>;
  deleteAsset(assetUrl: string): Promise<void>;
}

export async function createBenchRelease(wharf: WharfServer, repoName: string): Promise<BenchRelease> {
  const call = (method: string, url: string, body?: unknown, accept = 'application/vnd.github+json') =>
    fetch(url.startsWith('http') ? url : `${wharf.baseUrl}${url}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      headers: { authorization: `token ${wharf.token}`, 'content-type': 'application/json', accept },
    });
  const repo = (await (await call('POST', '/user/repos', { name: repoName, auto_init: true })).json()) as {
    full_name: string;
  };
  const release = (await (await call('POST', `/repos/${repo.full_name}/releases`, { tag_name: 'v1' })).json()) as {
    upload_url: string;
  };
  return {
    upload: (name, path) =>
      httpUpload(release.upload_url.replace('{?name,label}', `?name=${encodeURIComponent(name)}`), wharf.token, path),
    async signedUrl(assetUrl) {
      const redirect = await call('GET', assetUrl, undefined, 'application/octet-stream');
      const location = redirect.headers.get('location');
      if (redirect.status !== 302 || location === null)
        throw new Error(`asset download: ${redirect.status}, no signed URL`);
      return location;
    },
    async deleteAsset(assetUrl) {
      const deleted = await call('DELETE', assetUrl);
      if (deleted.status !== 204) throw new Error(`deleting an asset: ${deleted.status}`);
    },
  };
}
