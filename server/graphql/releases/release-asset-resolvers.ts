// Release assets in GraphQL: `Release.releaseAssets` (oldest first, as REST
// lists them; `name` picks one), and ReleaseAsset nodes (RLA_ ids, REST's
// node_id) through node(id), seen by whoever sees their release. `url` and
// `downloadUrl` are the asset's browser_download_url, as on GitHub.
import { isoSeconds } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { assetDownloadPath } from '../../releases/asset-view.js';
import { listConnection } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { ReleaseAssetResolvers, ReleaseResolvers } from '../generated/resolvers-types.js';
import { releaseAssetModel, releaseModel, type ReleaseAssetModel } from './release-models.js';
import { viewerSeesDrafts } from './release-resolvers.js';

/** The ReleaseAsset behind an RLA_ id, or null (unknown, not uploaded, of a draft the caller may not see, or its repository invisible). */
export async function loadReleaseAsset(ctx: GraphqlContext, id: number): Promise<ReleaseAssetModel | null> {
  const asset = await ctx.loaders.assetById.load(id);
  const repo = asset === null ? null : await ctx.loaders.repositoryById.load(asset.repository_id);
  if (asset === null || repo === null || !(await ctx.access.seesRepository(repo))) return null;
  if (asset.state !== 'uploaded' || (asset.draft && !(await viewerSeesDrafts(ctx, repo)))) return null;
  return releaseAssetModel(asset, repo);
}

export const releaseAssetsField: Pick<ReleaseResolvers, 'releaseAssets'> = {
  releaseAssets: async (release, { name, ...page }, ctx) => {
    const assets = await ctx.loaders.assetsOfRelease.load(release.id);
    const picked = name == null ? assets : assets.filter((asset) => asset.name === name);
    return listConnection(
      picked.map((asset) => releaseAssetModel(asset, release.repo)),
      page,
      'releaseAssets',
    );
  },
};

const downloadUrl = (asset: ReleaseAssetModel, ctx: GraphqlContext) =>
  ctx.services.urls.html(assetDownloadPath(asset, asset.repo));

export const ReleaseAsset: ReleaseAssetResolvers = {
  id: (asset) => encodeNodeId('ReleaseAsset', asset.id),
  name: (asset) => asset.name,
  contentType: (asset) => asset.content_type,
  size: (asset) => asset.size,
  downloadCount: (asset) => asset.download_count,
  createdAt: (asset) => isoSeconds(asset.created_at),
  updatedAt: (asset) => isoSeconds(asset.updated_at),
  downloadUrl: (asset, _args, ctx) => downloadUrl(asset, ctx),
  url: (asset, _args, ctx) => downloadUrl(asset, ctx),
  // Through the request's loader: a page of assets asks for their releases in one statement.
  release: async (asset, _args, ctx) => {
    const release = await ctx.loaders.releaseById.load(asset.release_id);
    return release === null ? null : releaseModel(release, asset.repo);
  },
  uploadedBy: async (asset, _args, ctx) => {
    const uploader = asset.uploader_id === null ? null : await ctx.loaders.accountById.load(asset.uploader_id);
    // GitHub's field is non-null; an account deleted since has no User to show.
    if (uploader === null) throw new Error(`the uploader of release asset ${asset.id} is gone`);
    return uploader;
  },
};
