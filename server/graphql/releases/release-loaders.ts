// The release loaders of a GraphQL request: a page of releases asking for
// their assets costs one statement (assets-store.ts's assetsOfReleases, as a
// REST page of releases does), so does a page of assets asking for their
// release (or node ids naming releases or assets), and a repository's latest release is
// read once however many releases ask `isLatest`.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { assetsOfReleases, findAssetsByIds, type AssetRow } from '../../releases/assets-store.js';
import { latestRelease, releasesByIds, type ReleaseRow } from '../../releases/releases-store.js';

export interface ReleaseLoaders {
  /** A release's uploaded assets, oldest first. */
  assetsOfRelease: DataLoader<number, AssetRow[]>;
  /** An asset by id, with its release's repository (callers check visibility and state); null for none. */
  assetById: DataLoader<number, AssetRow | null>;
  /** A release by id (any repository's: callers check what the viewer may see); null for none. */
  releaseById: DataLoader<number, ReleaseRow | null>;
  /** A repository's latest release (REST's `latest`), by repository id; null for none. */
  latestReleaseOf: DataLoader<number, ReleaseRow | null>;
}

export function createReleaseLoaders(sql: Sql): ReleaseLoaders {
  return {
    assetsOfRelease: new DataLoader(async (ids) => {
      const found = await assetsOfReleases(sql, ids);
      return ids.map((id) => (found.get(id) ?? []).filter((asset) => asset.state === 'uploaded'));
    }),
    assetById: new DataLoader(async (ids) => {
      const found = new Map((await findAssetsByIds(sql, ids)).map((asset) => [Number(asset.id), asset]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    releaseById: new DataLoader(async (ids) => {
      const found = await releasesByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    latestReleaseOf: new DataLoader((repositoryIds) => Promise.all(repositoryIds.map((id) => latestRelease(sql, id)))),
  };
}
