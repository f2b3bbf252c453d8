// GitHub's `author` and `committer` filters take a login or an email address.
// A login stands for the account's addresses: its email and its noreply one.
import type { Services } from '../services.js';

/** The addresses to match, or null when the login is no one (nothing can match). */
export async function addressesOf(
  services: Pick<Services, 'accounts' | 'urls'>,
  who: string | undefined,
): Promise<string[] | null> {
  if (who === undefined || who === '') return [];
  if (who.includes('\0')) return null;
  if (who.includes('@')) return [who];
  const account = await services.accounts.byLogin(who);
  if (!account) return null;
  return [...(account.email ? [account.email] : []), services.urls.noreply(account)];
}
