// Finding an asset (or a release) for an operation, with drafts' visibility:
// a draft's assets exist only for callers who may push (access/release-visibility.ts).
import { notFound } from '../errors/domain-error.js';
import type { Permission } from '../access/permissions.js';
import { seesDrafts } from '../access/release-visibility.js';
import type { Sql } from '../db/database.js';
import { findRelease, type ReleaseRow } from '../releases/releases-store.js';
import { findAsset, type AssetRow } from '../releases/assets-store.js';

export async function visibleAsset(
  sql: Sql,
  repositoryId: number,
  id: number,
  permission: Permission | null,
): Promise<AssetRow> {
  const asset = await findAsset(sql, repositoryId, id);
  if (asset?.state !== 'uploaded' || (asset.draft && !seesDrafts(permission))) throw notFound();
  return asset;
}

export async function visibleRelease(
  sql: Sql,
  repositoryId: number,
  id: number,
  permission: Permission | null,
): Promise<ReleaseRow> {
  const release = await findRelease(sql, repositoryId, id);
  if (!release || (release.draft && !seesDrafts(permission))) throw notFound();
  return release;
}
