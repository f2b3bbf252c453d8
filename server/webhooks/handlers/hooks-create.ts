import type { Handler } from '../../http/operation-context.js';
import { accessRepositoryHooks } from './hook-access.js';
import { createValues } from '../hook-input.js';
import { hookView } from '../hook-view.js';
import { createHook } from '../hook-pings.js';

export const createRepositoryHook: Handler<'hooks/create'> = async (ctx) => {
  const { repo, fullName } = await accessRepositoryHooks(ctx, ctx.params);
  const { body } = await ctx.input();
  const hook = await createHook(ctx.services, repo, ctx.principal, createValues(body));
  const view = hookView(hook, fullName, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
