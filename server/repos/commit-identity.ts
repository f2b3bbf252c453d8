// Who a commit Wharf makes is by. As on GitHub: the acting user as author,
// with their email address or else a noreply one, `<id>+<login>@users.noreply.<host>`
// (an address GitHub's `format: email` accepts, unlike `wharf@localhost`), and
// the service itself as committer, as GitHub's web-flow commits have it.
import { noreplyEmail } from '../ids/noreply-email.js';
import type { AccountRow } from './accounts-store.js';

export interface GitIdentity {
  name: string;
  email: string;
  /** When, in git's own form `@<Unix seconds> <±hhmm>` (see gitDate); absent: now. */
  date?: string;
}

/**
 * An ISO 8601 date-time (GitHub's `date` fields) as git's `@<seconds> <±hhmm>`,
 * keeping its UTC offset; null for what git cannot record (before 1970, or
 * not a real instant such as a leap second).
 */
export function gitDate(iso: string): string | null {
  const millis = Date.parse(iso);
  if (!Number.isFinite(millis) || millis < 0) return null;
  const offset = /(?:([+-])(\d{2}):?(\d{2})|[zZ])$/.exec(iso);
  if (!offset) return null;
  const zone = offset[1] ? `${offset[1]}${offset[2]}${offset[3]}` : '+0000';
  return `@${Math.floor(millis / 1000)} ${zone}`;
}

/**
 * Whether git can record `name`: it strips "crud" (control characters, space
 * and `.,:;<>"\'`) from both ends and refuses a name left empty ("name
 * consists only of disallowed characters"), and an object header cannot hold
 * angle brackets, line breaks or NULs.
 */
export function isRecordableName(name: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a name made only of control characters and punctuation is refused, as git does
  return /[^\x00-\x20.,:;<>"\\']/.test(name) && !/[<>\n\0]/.test(name);
}

/** An account as author: its profile name when git can record it, else its login. */
export function authorIdentity(
  account: Pick<AccountRow, 'id' | 'login' | 'name' | 'email'>,
  noreplyHost: string,
): GitIdentity {
  const name = account.name?.trim();
  const email = account.email?.trim();
  return {
    name: name && isRecordableName(name) ? name : account.login,
    email: email && !/[<>\n\0]/.test(email) ? email : noreplyEmail(account, noreplyHost),
  };
}

export function serviceIdentity(vendor: string, noreplyHost: string): GitIdentity {
  return { name: vendor, email: `noreply@${noreplyHost}` };
}
