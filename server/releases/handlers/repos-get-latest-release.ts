import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { releaseView } from '../release-view.js';
import { latestRelease } from '../releases-store.js';
import { assetsOfReleases } from '../assets-store.js';

export const getLatestRelease: Handler<'repos/get-latest-release'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const release = await latestRelease(ctx.services.sql, repo.id);
  if (!release) throw notFound();
  const assets = await assetsOfReleases(ctx.services.sql, [release.id]);
  return { status: 200, body: releaseView(release, repo, ctx.services.urls, assets.get(release.id)) };
};
