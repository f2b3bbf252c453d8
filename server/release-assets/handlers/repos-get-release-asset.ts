import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { signedAssetUrl } from '../asset-download-url.js';
import { assetView } from '../../releases/asset-view.js';
import { visibleAsset } from '../release-of-asset.js';

/** `Accept: application/octet-stream` (go-github's DownloadReleaseAsset, Octokit's and PyGithub's downloads) asks for the bytes. */
function wantsBytes(accept: string | null): boolean {
  return accept !== null && /(^|,)\s*application\/octet-stream\s*(;|,|$)/i.test(accept);
}

// JSON, or 302 to the signed download URL (which counts the download).
export const getReleaseAsset: Handler<'repos/get-release-asset'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const asset = await visibleAsset(ctx.services.sql, repo.id, ctx.params.asset_id, permission);
  if (wantsBytes(ctx.event.req.headers.get('accept'))) {
    return {
      status: 302,
      body: undefined,
      headers: { location: await signedAssetUrl(ctx.services, repo.id, asset.id) },
    };
  }
  return { status: 200, body: assetView(asset, repo, ctx.services.urls) };
};
