// The user a membership operation names: unknown is 404, as on GitHub.
import { notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { TeamRow } from '../team-row.js';

export async function namedUser<K extends OperationId>(ctx: OperationContext<K>, login: string): Promise<AccountRow> {
  const user = await ctx.services.accounts.byLogin(login);
  if (user?.kind !== 'User') throw notFound();
  return user;
}

export function membershipView<K extends OperationId>(
  ctx: OperationContext<K>,
  team: TeamRow,
  user: AccountRow,
  role: 'member' | 'maintainer',
) {
  return {
    url: ctx.services.urls.api(`/organizations/${team.org_id}/team/${team.id}/memberships/${user.login}`),
    role,
    state: 'active' as const,
  };
}
