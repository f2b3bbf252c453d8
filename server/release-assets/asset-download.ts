// The signed URL of an asset's bytes, `/api/release-assets/{repository id}/{asset id}?expires=…&signature=…`
// (asset-download-url.ts): not a REST operation (no token, no rate limit: the
// signature is the credential, for that one asset for 5 minutes). The file is
// streamed from disk as it is read, with the Content-Type it was uploaded
// with, and each request counts one download. Anything wrong (expired,
// tampered, asset gone) is the same bare 404 as the other download URLs.
import { open, type FileHandle } from 'node:fs/promises';
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { mountDownload, notFound, signatureOf } from '../http/signed-download.js';
import type { Services } from '../services.js';
import { assetGrant } from './asset-download-url.js';
import { assetPath } from './asset-files.js';
import { countDownload, findAsset } from './assets-store.js';

const ID = /^[1-9][0-9]{0,15}$/;
/** Read-ahead per file read: large reads keep a 500 MB download cheap in syscalls. */
const READ_CHUNK = 1024 * 1024;

/**
 * The file as a web stream of READ_CHUNK reads, closed at the end or when the
 * client goes. Not Readable.toWeb: its one-chunk queue of 64 KiB reads made
 * downloads many times slower than the disk.
 */
function fileStream(file: FileHandle): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = Buffer.allocUnsafe(READ_CHUNK);
      const { bytesRead } = await file.read(chunk, 0, READ_CHUNK, null);
      if (bytesRead > 0) return controller.enqueue(chunk.subarray(0, bytesRead));
      await file.close();
      controller.close();
    },
    async cancel() {
      await file.close();
    },
  }, { highWaterMark: 2 });
}

async function download(event: H3Event, services: Services): Promise<Response> {
  const repositoryId = getRouterParam(event, 'repository_id') ?? '';
  const assetId = getRouterParam(event, 'asset_id') ?? '';
  if (!ID.test(repositoryId) || !ID.test(assetId)) return notFound();
  if ((await signatureOf(services.signedUrls, event.url, assetGrant(Number(repositoryId), Number(assetId)))) !== 'valid') return notFound();
  const asset = await findAsset(services.sql, Number(repositoryId), Number(assetId));
  if (!asset || asset.state !== 'uploaded') return notFound();
  let file;
  try {
    file = await open(assetPath(services.config.dataDir, asset.repository_id, asset.id), 'r');
  } catch {
    return notFound();
  }
  const { size } = await file.stat();
  await countDownload(services.sql, asset.id);
  return new Response(fileStream(file), {
    status: 200,
    headers: {
      'content-type': asset.content_type,
      'content-length': String(size),
      // Names are one safe segment (asset-name.ts): nothing to quote or escape.
      'content-disposition': `attachment; filename=${asset.name}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=300',
    },
  });
}

export function mountAssetDownloads(app: H3, services: Services): void {
  mountDownload(app, services, '/api/release-assets/:repository_id/:asset_id', 'release asset', (event) => download(event, services));
}
