import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { assetView } from '../../releases/asset-view.js';
import { assetName } from '../asset-name.js';
import { editAsset } from '../asset-writes.js';

// Needs push access. Only the fields present change; a name the release
// already has is 422 already_exists. `state` can only be `uploaded`.
export const updateReleaseAsset: Handler<'repos/update-release-asset'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const name = body.name === undefined ? undefined : assetName(body.name);
  const row = await editAsset(ctx.services.sql, repo.id, ctx.params.asset_id, { name, label: body.label });
  return { status: 200, body: assetView(row, repo, ctx.services.urls) };
};
