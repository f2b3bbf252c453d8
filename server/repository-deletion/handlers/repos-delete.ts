import { privateForksBelow } from '../../repos/private-forks.js';
import { emitRepositoryDeletion } from '../repository-deletion-events.js';
import { deleteRepositoryRows, removeRepositoryFiles } from '../repository-deletion.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';

// The row goes in one transaction (its invalidation and the installed apps'
// events with it: repository-deletion-events.ts), and with a private
// repository its private forks, each with its own events (GitHub: "When you
// delete a private repository, all of its private forks are also deleted");
// the git directories, the release assets' files and the cached archives are removed after
// commit. Ids are never reused, so a directory left behind by a crash can
// never be mistaken for another repository's.
export const deleteRepository: Handler<'repos/delete'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { repos, git, log, config, urls } = ctx.services;
  let forks: number[] = [];
  await repos.delete(repo.id, async (tx) => {
    if (repo.private) forks = await deleteRepositoryRows(tx, await privateForksBelow(tx, repo.id), ctx.user(), urls);
    await emitRepositoryDeletion(tx, repo, ctx.user(), urls);
  });
  for (const id of forks) repos.changedLocally(id);
  await removeRepositoryFiles({ git, dataDir: config.dataDir }, [repo.id, ...forks], (message, fields) =>
    log.warn(message, fields),
  );
  return { status: 204, body: undefined };
};
