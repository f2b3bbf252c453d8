import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { removeAsset } from '../asset-writes.js';

// Needs push access; the row goes first, then the file (asset-writes.ts).
export const deleteReleaseAsset: Handler<'repos/delete-release-asset'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { sql, config, log } = ctx.services;
  await removeAsset(sql, config.dataDir, log, repo.id, ctx.params.asset_id);
  return { status: 204, body: undefined };
};
