import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { assetView } from '../../releases/asset-view.js';
import { listAssets } from '../../releases/assets-store.js';
import { visibleRelease } from '../release-of-asset.js';

export const listReleaseAssets: Handler<'repos/list-release-assets'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const release = await visibleRelease(sql, repo.id, ctx.params.release_id, permission);
  const page = pageRequest(query);
  const { rows, total } = await listAssets(sql, release.id, page.perPage, page.offset);
  return {
    status: 200,
    body: rows.map((a) => assetView(a, repo, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
