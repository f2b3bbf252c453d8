// Where release assets' bytes live: `<WHARF_DATA_DIR>/release-assets/<repository id>/<asset id>`,
// one directory per repository so deleting a repository removes its assets at
// once. An upload is written under a temporary name in the same directory
// (same file system, so the final rename is atomic) and renamed to its id in
// the transaction that inserts its row. Ids are never reused, so a file a crash
// left behind can never be served as another asset.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

export function assetsDir(dataDir: string, repositoryId: number): string {
  return join(dataDir, 'release-assets', String(repositoryId));
}

export function assetPath(dataDir: string, repositoryId: number, assetId: number): string {
  return join(assetsDir(dataDir, repositoryId), String(assetId));
}

/** After the deletion of their rows has committed. */
export async function removeAssetFiles(
  dataDir: string,
  repositoryId: number,
  assetIds: readonly number[],
): Promise<void> {
  await Promise.all(assetIds.map((id) => rm(assetPath(dataDir, repositoryId, id), { force: true })));
}

/** After the repository's row (and so its releases and assets) is gone. */
export async function removeRepositoryAssets(dataDir: string, repositoryId: number): Promise<void> {
  await rm(assetsDir(dataDir, repositoryId), { recursive: true, force: true });
}
