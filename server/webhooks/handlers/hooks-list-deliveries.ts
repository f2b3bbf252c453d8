import type { Handler } from '../../http/operation-context.js';
import { deliveriesPage } from '../deliveries-page.js';
import { accessHook } from './hook-access.js';

// A repository hook's history: deliveries-page.ts (shared with apps' hooks).
export const listHookDeliveries: Handler<'hooks/list-deliveries'> = async (ctx) => {
  const { hook } = await accessHook(ctx, ctx.params);
  const { query } = await ctx.input();
  return deliveriesPage(ctx.services.sql, ctx.services.urls, ctx.event.url, hook.id, query);
};
