import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { emitReleaseEvents } from '../release-events.js';
import { releaseView } from '../release-view.js';
import { deleteRelease, findRelease } from '../releases-store.js';
import { removeAssetFiles } from '../asset-files.js';
import { assetsOfReleases } from '../assets-store.js';

// The tag stays, as on GitHub. The deletion and its `release` `deleted`
// event (the release as it was, assets included) commit together; the
// assets' files go once that has committed.
export const deleteReleaseHandler: Handler<'repos/delete-release'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.checkScopes();
  const { urls, config, log } = ctx.services;
  const assetIds = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    const { tx } = events;
    const release = await findRelease(tx, repo.id, ctx.params.release_id, true);
    if (!release) throw notFound();
    const assets = (await assetsOfReleases(tx, [release.id])).get(release.id)!;
    await deleteRelease(tx, release.id);
    await emitReleaseEvents(events, releaseView(release, repo, urls, assets), ['deleted']);
    return assets.map((a) => a.id);
  });
  await removeAssetFiles(config.dataDir, repo.id, assetIds).catch((error: unknown) =>
    log.warn('could not remove asset files', { releaseId: ctx.params.release_id, error: String(error) }),
  );
  return { status: 204, body: undefined };
};
