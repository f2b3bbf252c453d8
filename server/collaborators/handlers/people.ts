// The accounts and repositories the collaborator handlers name, read once.
import { notFound } from '../../errors/domain-error.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { Services } from '../../services.js';

/** The user `login` names (a user, not an organization), or 404. */
export async function userNamed(services: Pick<Services, 'accounts'>, login: string): Promise<AccountRow> {
  const account = await services.accounts.byLogin(login);
  if (account?.kind !== 'User') throw notFound();
  return account;
}
