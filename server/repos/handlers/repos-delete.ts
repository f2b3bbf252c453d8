import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../repository-access.js';

// The row goes in one transaction (its invalidation with it); the git
// directory is removed after commit. Ids are never reused, so a directory left
// behind by a crash can never be mistaken for another repository's.
export const deleteRepository: Handler<'repos/delete'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { repos, git, log } = ctx.services;
  await repos.delete(repo.id);
  await git.remove(repo.id).catch((error: unknown) => log.warn('could not remove git directory', { repositoryId: repo.id, error: String(error) }));
  return { status: 204, body: undefined };
};
