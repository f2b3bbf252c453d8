// The release loaders of a GraphQL request: a page of releases asking for
// their assets costs one statement (assets-store.ts's assetsOfReleases, as a
// REST page of releases does).
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { assetsOfReleases, type AssetRow } from '../../release-assets/assets-store.js';

export interface ReleaseLoaders {
  /** A release's uploaded assets, oldest first. */
  assetsOfRelease: DataLoader<number, AssetRow[]>;
}

export function createReleaseLoaders(sql: Sql): ReleaseLoaders {
  return {
    assetsOfRelease: new DataLoader(async (ids) => {
      const found = await assetsOfReleases(sql, ids);
      return ids.map((id) => (found.get(id) ?? []).filter((asset) => asset.state === 'uploaded'));
    }),
  };
}
