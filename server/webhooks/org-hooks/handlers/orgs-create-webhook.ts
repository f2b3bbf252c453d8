import type { Handler } from '../../../http/operation-context.js';
import { createValues } from '../../hook-input.js';
import { createOrgHook } from '../org-hook-pings.js';
import { orgHookView } from '../org-hook-view.js';
import { accessOrganizationHooks } from './org-hook-access.js';

export const createOrganizationHook: Handler<'orgs/create-webhook'> = async (ctx) => {
  const org = await accessOrganizationHooks(ctx, ctx.params);
  const { body } = await ctx.input();
  const hook = await createOrgHook(ctx.services, org, ctx.principal, createValues(body));
  const view = orgHookView(hook, org.login, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
