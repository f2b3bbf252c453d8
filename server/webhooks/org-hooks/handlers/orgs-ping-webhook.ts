import type { Handler } from '../../../http/operation-context.js';
import { pingOrgHook } from '../org-hook-pings.js';
import { accessOrganizationHook } from './org-hook-access.js';

export const pingOrganizationHook: Handler<'orgs/ping-webhook'> = async (ctx) => {
  const { org, hook } = await accessOrganizationHook(ctx, ctx.params);
  await ctx.input();
  await pingOrgHook(ctx.services, org, ctx.principal, hook);
  return { status: 204, body: undefined };
};
