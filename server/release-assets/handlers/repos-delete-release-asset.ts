import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { removeAssetFiles } from '../asset-files.js';
import { deleteAsset, findAsset } from '../assets-store.js';

// Needs push access. The file goes once the row's deletion has committed: a
// rollback must not leave a row without its bytes (a file left by a crash
// here is never served, ids are not reused).
export const deleteReleaseAsset: Handler<'repos/delete-release-asset'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { sql, config, log } = ctx.services;
  const id = await sql.begin(async (tx) => {
    const asset = await findAsset(tx, repo.id, ctx.params.asset_id, true);
    if (!asset) throw notFound();
    await deleteAsset(tx, asset.id);
    return asset.id;
  });
  await removeAssetFiles(config.dataDir, repo.id, [id]).catch((error: unknown) =>
    log.warn('could not remove asset file', { assetId: id, error: String(error) }),
  );
  return { status: 204, body: undefined };
};
