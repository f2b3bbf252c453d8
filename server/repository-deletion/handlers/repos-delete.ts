import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { deleteRepositoryAndForks } from '../repository-deletion.js';

// Admins only; the rows, private forks, events and files: repository-deletion.ts.
export const deleteRepository: Handler<'repos/delete'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  await deleteRepositoryAndForks(ctx.services, repo, ctx.user());
  return { status: 204, body: undefined };
};
