// Which Wharf account a commit's author or committer is: the account whose
// email matches (case-insensitively), or whose noreply address it is
// (`<id>+<login>@users.noreply.<host>`, the address Wharf's own commits use
// for accounts without an email). One query for every address of a page.
import type { AccountRow } from '../repos/accounts-store.js';
import type { Services } from '../services.js';

export type CommitUsers = Map<string, AccountRow>;

const key = (email: string) => email.toLowerCase();

function noreplyId(email: string, host: string): number | null {
  const match = new RegExp(`^(\\d{1,15})\\+[^@]+@users\\.noreply\\.${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i').exec(email);
  return match ? Number(match[1]) : null;
}

export async function commitUsers(services: Pick<Services, 'sql' | 'urls'>, emails: Iterable<string>): Promise<CommitUsers> {
  const wanted = [...new Set([...emails].map(key))];
  const users: CommitUsers = new Map();
  if (wanted.length === 0) return users;
  const ids = wanted.map((email) => noreplyId(email, services.urls.noreplyHost)).filter((id): id is number => id !== null);
  const rows = await services.sql<AccountRow[]>`
    SELECT * FROM accounts WHERE kind <> 'Organization' AND (lower(email) = ANY(${wanted}) OR id = ANY(${ids}))`;
  for (const row of rows) {
    if (row.email) users.set(key(row.email), row);
  }
  for (const email of wanted) {
    const id = noreplyId(email, services.urls.noreplyHost);
    const row = id === null ? undefined : rows.find((r) => r.id === id);
    // The login in the address must still be the account's: a renamed account's old address is no one's.
    if (row && email === key(services.urls.noreply(row))) users.set(email, row);
  }
  return users;
}

export function userOf(users: CommitUsers, email: string): AccountRow | null {
  return users.get(key(email)) ?? null;
}
