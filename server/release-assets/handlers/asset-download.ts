// The signed URL of an asset's bytes, `/api/release-assets/{repository id}/{asset id}?expires=…&signature=…`
// (asset-download-url.ts): not a REST operation (no token, no rate limit: the
// signature is the credential, for that one asset for 5 minutes). The file is
// streamed from disk as it is read, with the Content-Type it was uploaded
// with, and each request counts one download. Anything wrong (expired,
// tampered, asset gone) is the same bare 404 as the other download URLs.
import { open } from 'node:fs/promises';
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { FastResponse } from 'srvx';
import { fileBody } from '../../http/file-body.js';
import { errorFields } from '../../log.js';
import { mountDownload, notFound, signatureOf } from '../../http/signed-download.js';
import type { Services } from '../../services.js';
import { assetGrant } from '../asset-download-url.js';
import { assetPath } from '../../releases/asset-files.js';
import { countDownload, findAsset } from '../../releases/assets-store.js';

const ID = /^[1-9][0-9]{0,15}$/;

async function download(event: H3Event, services: Services): Promise<Response> {
  const repositoryId = getRouterParam(event, 'repository_id') ?? '';
  const assetId = getRouterParam(event, 'asset_id') ?? '';
  if (!ID.test(repositoryId) || !ID.test(assetId)) return notFound();
  if (
    (await signatureOf(services.signedUrls, event.url, assetGrant(Number(repositoryId), Number(assetId)))) !== 'valid'
  )
    return notFound();
  const asset = await findAsset(services.sql, Number(repositoryId), Number(assetId));
  if (asset?.state !== 'uploaded') return notFound();
  let file;
  try {
    file = await open(assetPath(services.config.dataDir, asset.repository_id, asset.id), 'r');
  } catch {
    return notFound();
  }
  let size: number;
  try {
    ({ size } = await file.stat());
    await countDownload(services.sql, asset.id);
  } catch (error) {
    await file.close();
    throw error;
  }
  // srvx's response with a body that has `pipe` is written straight into the
  // socket (file-body.ts); a web stream's reader loop made downloads several
  // times slower. The types say BodyInit; srvx takes any body with `pipe` (its _toNodeResponse).
  const body = fileBody(file, size, (error) =>
    services.log.error('release asset download failed', { asset: asset.id, ...errorFields(error) }),
  );
  return new FastResponse(body as unknown as ReadableStream, {
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
  mountDownload(app, services, '/api/release-assets/:repository_id/:asset_id', 'release asset', (event) =>
    download(event, services),
  );
}
