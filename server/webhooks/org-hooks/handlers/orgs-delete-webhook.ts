import { notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { deleteHook } from '../../hooks-store.js';
import { accessOrganizationHooks } from './org-hook-access.js';

// Pending deliveries and the history go with the hook (ON DELETE CASCADE).
export const deleteOrganizationHook: Handler<'orgs/delete-webhook'> = async (ctx) => {
  const org = await accessOrganizationHooks(ctx, ctx.params);
  await ctx.input();
  if (!(await deleteHook(ctx.services.sql, { organizationId: org.id }, ctx.params.hook_id))) throw notFound();
  return { status: 204, body: undefined };
};
