// Who a commit Wharf makes is by. As on GitHub: the acting user as author,
// with their email address or else a noreply one, `<id>+<login>@users.noreply.<host>`
// (an address GitHub's `format: email` accepts, unlike `wharf@localhost`), and
// the service itself as committer, as GitHub's web-flow commits have it.
import type { AccountRow } from './accounts-store.js';

export interface GitIdentity {
  name: string;
  email: string;
}

export function noreplyEmail(account: Pick<AccountRow, 'id' | 'login'>, noreplyHost: string): string {
  return `${account.id}+${account.login}@users.noreply.${noreplyHost}`;
}

export function authorIdentity(account: Pick<AccountRow, 'id' | 'login' | 'name' | 'email'>, noreplyHost: string): GitIdentity {
  return { name: account.name?.trim() || account.login, email: account.email?.trim() || noreplyEmail(account, noreplyHost) };
}

export function serviceIdentity(vendor: string, noreplyHost: string): GitIdentity {
  return { name: vendor, email: `noreply@${noreplyHost}` };
}
