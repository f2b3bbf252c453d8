// Which Wharf account a commit's author or committer is: the account whose
// email matches (case-insensitively), or whose noreply address it is
// (`<id>+<login>@users.noreply.<host>`, the address Wharf's own commits use
// for accounts without an email).
//
// Answers are remembered per address for a short while: the lookup was the
// largest cost of a commit list page (a database round trip per request,
// profiled). A change to an account (a rename) drops them at once through
// the invalidation channel; a new account with a matching address is
// linked within ACCOUNT_LINK_TTL_MS, as GitHub links commits to accounts
// some time after they appear.
import type { InvalidationBus } from '../db/cache-invalidation.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { Services } from '../services.js';

export type CommitUsers = Map<string, AccountRow>;

export const ACCOUNT_LINK_TTL_MS = 30_000;
const MAX_REMEMBERED = 10_000;

interface Remembered {
  row: AccountRow | null;
  at: number;
}

class AddressCache {
  readonly entries = new Map<string, Remembered>();
  /** Bumped by every invalidation: a lookup that started before one is not remembered. */
  generation = 0;
}

const caches = new WeakMap<InvalidationBus, AddressCache>();

function cacheOf(bus: InvalidationBus): AddressCache {
  let cache = caches.get(bus);
  if (!cache) {
    const created = (cache = new AddressCache());
    bus.subscribe((topic) => {
      if (topic === '*' || topic.startsWith('account:')) {
        created.entries.clear();
        created.generation++;
      }
    });
    caches.set(bus, created);
  }
  return cache;
}

const key = (email: string) => email.toLowerCase();

function noreplyId(email: string, host: string): number | null {
  const match = new RegExp(
    `^(\\d{1,15})\\+[^@]+@users\\.noreply\\.${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
    'i',
  ).exec(email);
  return match ? Number(match[1]) : null;
}

/** The accounts of the addresses that are not remembered, in one query. */
async function lookUp(
  services: Pick<Services, 'sql' | 'urls'>,
  wanted: string[],
): Promise<Map<string, AccountRow | null>> {
  const ids = wanted
    .map((email) => noreplyId(email, services.urls.noreplyHost))
    .filter((id): id is number => id !== null);
  const rows = await services.sql<AccountRow[]>`
    SELECT * FROM accounts WHERE kind <> 'Organization' AND (lower(email) = ANY(${wanted}) OR id = ANY(${ids}))`;
  const found = new Map<string, AccountRow | null>(wanted.map((email) => [email, null]));
  for (const row of rows) {
    if (row.email && found.has(key(row.email))) found.set(key(row.email), row);
  }
  for (const email of wanted) {
    const id = noreplyId(email, services.urls.noreplyHost);
    const row = id === null ? undefined : rows.find((r) => r.id === id);
    // The login in the address must still be the account's: a renamed account's old address is no one's.
    if (row && email === key(services.urls.noreply(row))) found.set(email, row);
  }
  return found;
}

export async function commitUsers(
  services: Pick<Services, 'sql' | 'urls' | 'bus' | 'now'>,
  emails: Iterable<string>,
): Promise<CommitUsers> {
  const cache = cacheOf(services.bus);
  const now = services.now();
  const users: CommitUsers = new Map();
  const missing: string[] = [];
  for (const email of new Set([...emails].map(key))) {
    const known = cache.entries.get(email);
    if (known && now - known.at < ACCOUNT_LINK_TTL_MS) {
      if (known.row) users.set(email, known.row);
    } else {
      missing.push(email);
    }
  }
  if (missing.length === 0) return users;
  const generation = cache.generation;
  const found = await lookUp(services, missing);
  const remember = generation === cache.generation;
  if (remember && cache.entries.size + found.size > MAX_REMEMBERED) cache.entries.clear();
  for (const [email, row] of found) {
    if (row) users.set(email, row);
    if (remember) cache.entries.set(email, { row, at: now });
  }
  return users;
}

export function userOf(users: CommitUsers, email: string): AccountRow | null {
  return users.get(key(email)) ?? null;
}
