import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { assetName } from '../asset-name.js';
import { assetView } from '../../releases/asset-view.js';
import { assetNameTaken, findAsset, isAssetNameTaken, updateAsset } from '../assets-store.js';

// Needs push access. Only the fields present change; a name the release
// already has is 422 already_exists (the unique index decides, so two
// renames at once cannot both win). `state` can only be `uploaded`.
export const updateReleaseAsset: Handler<'repos/update-release-asset'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const name = body.name === undefined ? undefined : assetName(body.name);
  const { sql, urls } = ctx.services;
  try {
    const row = await sql.begin(async (tx) => {
      const current = await findAsset(tx, repo.id, ctx.params.asset_id, true);
      if (current?.state !== 'uploaded') throw notFound();
      return updateAsset(tx, current, {
        name: name ?? current.name,
        label: body.label === undefined ? current.label : body.label,
      });
    });
    return { status: 200, body: assetView(row, repo, urls) };
  } catch (error) {
    if (isAssetNameTaken(error)) throw assetNameTaken();
    throw error;
  }
};
