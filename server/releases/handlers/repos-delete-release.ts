import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { emitReleaseEvents } from '../release-events.js';
import { releaseView } from '../release-view.js';
import { deleteRelease, findRelease } from '../releases-store.js';

// The tag stays, as on GitHub. The deletion and its `release` `deleted`
// event (the release as it was) commit together.
export const deleteReleaseHandler: Handler<'repos/delete-release'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.checkScopes();
  const { sql, urls } = ctx.services;
  await sql.begin(async (tx) => {
    const release = await findRelease(tx, repo.id, ctx.params.release_id, true);
    if (!release) throw notFound();
    await deleteRelease(tx, release.id);
    await emitReleaseEvents({ tx, repo, principal: ctx.principal, urls }, releaseView(release, repo, urls), ['deleted']);
  });
  return { status: 204, body: undefined };
};
