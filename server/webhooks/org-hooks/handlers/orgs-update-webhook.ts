import { notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { updatedValues } from '../../hook-input.js';
import { changeHook } from '../../hooks-store.js';
import { orgHookConfigView, orgHookView } from '../org-hook-view.js';
import { accessOrganizationHook } from './org-hook-access.js';

// Only what the body names changes (hook-input.ts updatedValues, shared with
// repository hooks): a `config` with only `url` keeps the secret.
export const updateOrganizationHook: Handler<'orgs/update-webhook'> = async (ctx) => {
  const { org } = await accessOrganizationHook(ctx, ctx.params);
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const hook = await changeHook(sql, { organizationId: org.id }, ctx.params.hook_id, (current) =>
    updatedValues(current, body ?? {}),
  );
  if (!hook) throw notFound();
  return { status: 200, body: orgHookView(hook, org.login, urls) };
};

/** The config alone: the same rules as a PATCH of the hook with only `config`. */
export const updateOrganizationHookConfig: Handler<'orgs/update-webhook-config-for-org'> = async (ctx) => {
  const { org } = await accessOrganizationHook(ctx, ctx.params);
  const { body } = await ctx.input();
  const hook = await changeHook(ctx.services.sql, { organizationId: org.id }, ctx.params.hook_id, (current) =>
    updatedValues(current, { config: body ?? {} }),
  );
  if (!hook) throw notFound();
  return { status: 200, body: orgHookConfigView(hook) };
};
