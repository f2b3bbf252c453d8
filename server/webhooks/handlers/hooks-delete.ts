import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepositoryHooks } from './hook-access.js';
import { deleteHook } from '../hooks-store.js';

// Pending deliveries and the history go with the hook (ON DELETE CASCADE).
export const deleteRepositoryHook: Handler<'hooks/delete'> = async (ctx) => {
  const { repo } = await accessRepositoryHooks(ctx, ctx.params);
  ctx.checkScopes();
  if (!(await deleteHook(ctx.services.sql, { repositoryId: repo.id }, ctx.params.hook_id))) throw notFound();
  return { status: 204, body: undefined };
};
