import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { releaseView } from '../release-view.js';
import { findReleaseByTag } from '../releases-store.js';
import { assetsOfReleases } from '../assets-store.js';

export const getReleaseByTag: Handler<'repos/get-release-by-tag'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const release = await findReleaseByTag(ctx.services.sql, repo.id, ctx.params.tag);
  if (!release) throw notFound();
  const assets = await assetsOfReleases(ctx.services.sql, [release.id]);
  return { status: 200, body: releaseView(release, repo, ctx.services.urls, assets.get(release.id)) };
};
