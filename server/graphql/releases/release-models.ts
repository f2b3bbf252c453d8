// What the release resolvers pass around (the codegen mappers of Release and
// ReleaseAsset): a release's or an asset's row with its repository.
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { ReleaseRow } from '../../releases/releases-store.js';
import type { AssetRow } from '../../releases/assets-store.js';

export interface ReleaseModel extends ReleaseRow {
  repo: RepositoryRow;
  /** Tells the model from the other Node models (node.ts's __resolveType). */
  release_node: true;
}

export const isRelease = (model: object): model is ReleaseModel => 'release_node' in model;

export const releaseModel = (row: ReleaseRow, repo: RepositoryRow): ReleaseModel => ({
  ...row,
  repo,
  release_node: true,
});

/** A release asset row with its repository (the codegen mapper of ReleaseAsset). */
export interface ReleaseAssetModel extends AssetRow {
  repo: RepositoryRow;
  /** Tells the model from the other Node models (node.ts's __resolveType). */
  release_asset_node: true;
}

export const isReleaseAsset = (model: object): model is ReleaseAssetModel => 'release_asset_node' in model;

export const releaseAssetModel = (row: AssetRow, repo: RepositoryRow): ReleaseAssetModel => ({
  ...row,
  repo,
  release_asset_node: true,
});
