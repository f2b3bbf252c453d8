import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { releaseView } from '../release-view.js';
import { seesDrafts } from '../../access/release-visibility.js';
import { listReleases } from '../releases-store.js';
import { assetsOfReleases } from '../assets-store.js';

export const listReleasesHandler: Handler<'repos/list-releases'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await listReleases(sql, repo.id, seesDrafts(permission), page.perPage, page.offset);
  // The page's assets in one query, not one per release.
  const assets = await assetsOfReleases(
    sql,
    rows.map((r) => r.id),
  );
  return {
    status: 200,
    body: rows.map((r) => releaseView(r, repo, urls, assets.get(r.id))),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
