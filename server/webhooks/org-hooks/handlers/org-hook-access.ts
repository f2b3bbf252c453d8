// Every organization hook operation starts the same way: the organization
// must exist and the caller must be one of its owners (or an app installed on
// it): anyone else gets 404, as on GitHub (access/organization-hooks.ts
// decides). Scopes and app permissions are checked after that, so a
// non-owner learns nothing from a 403. The hook must belong to it (404).
import { mayManageOrganizationHooks } from '../../../access/organization-hooks.js';
import { notFound } from '../../../errors/domain-error.js';
import type { OperationContext } from '../../../http/operation-context.js';
import type { OperationId } from '../../../generated/routes.js';
import { findHook, type HookRow } from '../../hooks-store.js';
import type { Organization } from '../org-hook-pings.js';

export async function accessOrganizationHooks<K extends OperationId>(
  ctx: OperationContext<K>,
  params: { org: string },
): Promise<Organization> {
  const account = await ctx.services.accounts.byLogin(params.org);
  if (account?.kind !== 'Organization') throw notFound();
  if (!(await mayManageOrganizationHooks(ctx.services.sql, ctx.principal, account.id))) throw notFound();
  ctx.checkScopes();
  return { id: account.id, login: account.login };
}

export async function accessOrganizationHook<K extends OperationId>(
  ctx: OperationContext<K>,
  params: { org: string; hook_id: number },
): Promise<{ org: Organization; hook: HookRow }> {
  const org = await accessOrganizationHooks(ctx, params);
  const hook = await findHook(ctx.services.sql, { organizationId: org.id }, params.hook_id);
  if (!hook) throw notFound();
  return { org, hook };
}
