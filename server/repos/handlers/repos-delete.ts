import { emitRepositoryDeletion } from '../../apps/app-hooks/repository-deletion-events.js';
import { removeRepositoryArchives } from '../../archives/archive-cache.js';
import type { Handler } from '../../http/operation-context.js';
import { removeRepositoryAssets } from '../../release-assets/asset-files.js';
import { accessRepository } from '../repository-access.js';

// The row goes in one transaction (its invalidation and the installed apps'
// events with it: repository-deletion-events.ts); the git
// directory, the release assets' files and the cached archives are removed after commit. Ids are never reused, so a directory left
// behind by a crash can never be mistaken for another repository's.
export const deleteRepository: Handler<'repos/delete'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { repos, git, log, config, urls } = ctx.services;
  await repos.delete(repo.id, (tx) => emitRepositoryDeletion(tx, repo, ctx.user(), urls));
  await git.remove(repo.id).catch((error: unknown) => log.warn('could not remove git directory', { repositoryId: repo.id, error: String(error) }));
  await removeRepositoryAssets(config.dataDir, repo.id).catch((error: unknown) => log.warn('could not remove release assets', { repositoryId: repo.id, error: String(error) }));
  await removeRepositoryArchives(config.dataDir, repo.id).catch((error: unknown) => log.warn('could not remove cached archives', { repositoryId: repo.id, error: String(error) }));
  return { status: 204, body: undefined };
};
