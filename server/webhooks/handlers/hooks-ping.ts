import type { Handler } from '../../http/operation-context.js';
import { accessHook } from './hook-access.js';
import { pingHook } from '../hook-pings.js';

export const pingRepositoryHook: Handler<'hooks/ping'> = async (ctx) => {
  const { repo, hook } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  await pingHook(ctx.services, repo, ctx.principal, hook);
  return { status: 204, body: undefined };
};
