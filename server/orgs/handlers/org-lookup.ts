// The organization a path names, and the caller's standing in it: a user's
// login or an unknown one is 404, as on GitHub.
import { standingIn, type OrganizationStanding } from '../../access/organization-standing.js';
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { AccountRow } from '../../repos/accounts-store.js';

export async function organizationOf<K extends OperationId>(
  ctx: OperationContext<K>,
  login: string,
): Promise<{ org: AccountRow; standing: OrganizationStanding }> {
  const org = await ctx.services.accounts.byLogin(login);
  if (org?.kind !== 'Organization') throw notFound();
  return { org, standing: await standingIn(ctx.services.sql, ctx.principal, org.id) };
}

/** Owners manage; members are refused (403), anyone else does not learn more (404). */
export function ensureOwner(standing: OrganizationStanding): void {
  if (standing === 'owner') return;
  if (standing === 'member') throw forbidden('You must be an organization owner to do that.');
  throw notFound();
}
