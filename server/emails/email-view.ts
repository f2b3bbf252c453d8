// The caller's addresses as GitHub's `email` bodies. Wharf keeps one email per
// account, set by an administrator and shown only to its owner (no
// public-email setting), so it is primary, verified and private; the noreply
// address Wharf writes in the account's web commits follows, as GitHub lists
// it (verified, no visibility), and is primary when there is no other.
import type { AccountRow } from '../repos/accounts-store.js';

export interface EmailView {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: 'public' | 'private' | null;
}

export function emailsOf(account: AccountRow, noreply: string): EmailView[] {
  const fallback = { email: noreply, primary: account.email === null, verified: true, visibility: null };
  return account.email === null
    ? [fallback]
    : [{ email: account.email, primary: true, verified: true, visibility: 'private' }, fallback];
}
