import type { Handler } from '../../http/operation-context.js';
import { accessHook } from './hook-access.js';
import { hookView } from '../hook-view.js';

export const getRepositoryHook: Handler<'hooks/get'> = async (ctx) => {
  const { hook, fullName } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  return { status: 200, body: hookView(hook, fullName, ctx.services.urls) };
};
