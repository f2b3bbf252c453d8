import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { releaseView } from '../release-view.js';
import { seesDrafts } from '../../access/release-visibility.js';
import { findRelease } from '../releases-store.js';
import { assetsOfReleases } from '../assets-store.js';

export const getRelease: Handler<'repos/get-release'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const release = await findRelease(ctx.services.sql, repo.id, ctx.params.release_id);
  if (!release || (release.draft && !seesDrafts(permission))) throw notFound();
  const assets = await assetsOfReleases(ctx.services.sql, [release.id]);
  return { status: 200, body: releaseView(release, repo, ctx.services.urls, assets.get(release.id)) };
};
