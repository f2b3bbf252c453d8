import type { Handler } from '../../../http/operation-context.js';
import { orgHookConfigView, orgHookView } from '../org-hook-view.js';
import { accessOrganizationHook } from './org-hook-access.js';

export const getOrganizationHook: Handler<'orgs/get-webhook'> = async (ctx) => {
  const { org, hook } = await accessOrganizationHook(ctx, ctx.params);
  await ctx.input();
  return { status: 200, body: orgHookView(hook, org.login, ctx.services.urls) };
};

export const getOrganizationHookConfig: Handler<'orgs/get-webhook-config-for-org'> = async (ctx) => {
  const { hook } = await accessOrganizationHook(ctx, ctx.params);
  await ctx.input();
  return { status: 200, body: orgHookConfigView(hook) };
};
