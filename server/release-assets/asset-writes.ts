// A release asset's writes, each one transaction below the edge. An upload's
// row is inserted, and its spooled file renamed to the row's id, in one
// transaction once the file is complete: a failed upload leaves neither, nor
// does a release deleted while the body streamed in (404: the release is
// locked, so a deletion from then on waits and removes this asset too). A
// deletion removes the file only once the row's deletion has committed: a
// rollback must not leave a row without its bytes (a file left by a crash is
// never served; ids are not reused). A name the release already has is 422
// already_exists: the unique index decides, so two writers cannot both win.
import { rename, rm } from 'node:fs/promises';
import type { Sql } from '../db/database.js';
import { notFound } from '../errors/domain-error.js';
import type { Logger } from '../log.js';
import { findRelease } from '../releases/releases-store.js';
import { assetPath, removeAssetFiles } from '../releases/asset-files.js';
import {
  type AssetRow,
  assetNameTaken,
  deleteAsset,
  findAsset,
  insertAsset,
  isAssetNameTaken,
  type NewAsset,
  updateAsset,
} from '../releases/assets-store.js';

/** Runs `write`, turning the unique index's refusal into GitHub's 422. */
async function naming<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isAssetNameTaken(error)) throw assetNameTaken();
    throw error;
  }
}

/** Stores the spooled file at `spooledPath` as the release's new asset; on any failure no row and no file stay. */
export async function storeUpload(sql: Sql, dataDir: string, asset: NewAsset, spooledPath: string): Promise<AssetRow> {
  let renamedTo: string | undefined;
  try {
    return await naming(
      () =>
        sql.begin(async (tx) => {
          if (!(await findRelease(tx, asset.repositoryId, asset.releaseId, true))) throw notFound();
          const row = await insertAsset(tx, asset);
          renamedTo = assetPath(dataDir, asset.repositoryId, row.id);
          await rename(spooledPath, renamedTo);
          return row;
        }) as Promise<AssetRow>,
    );
  } catch (error) {
    await rm(spooledPath, { force: true });
    if (renamedTo) await rm(renamedTo, { force: true });
    throw error;
  }
}

/** Renames or relabels an uploaded asset (`undefined`: unchanged); 404 for one that is not uploaded. */
export function editAsset(
  sql: Sql,
  repositoryId: number,
  assetId: number,
  change: { name?: string; label?: string | null },
): Promise<AssetRow> {
  return naming(
    () =>
      sql.begin(async (tx) => {
        const current = await findAsset(tx, repositoryId, assetId, true);
        if (current?.state !== 'uploaded') throw notFound();
        return updateAsset(tx, current, {
          name: change.name ?? current.name,
          label: change.label === undefined ? current.label : change.label,
        });
      }) as Promise<AssetRow>,
  );
}

/** Deletes the asset, then its file (a file that cannot be removed is logged, not an error). */
export async function removeAsset(
  sql: Sql,
  dataDir: string,
  log: Logger,
  repositoryId: number,
  assetId: number,
): Promise<void> {
  const id = await sql.begin(async (tx) => {
    const asset = await findAsset(tx, repositoryId, assetId, true);
    if (!asset) throw notFound();
    await deleteAsset(tx, asset.id);
    return asset.id;
  });
  await removeAssetFiles(dataDir, repositoryId, [id]).catch((error: unknown) =>
    log.warn('could not remove asset file', { assetId: id, error: String(error) }),
  );
}
