// One page of a team list read from the database (team-search-store.ts):
// the connection arguments (`first`/`after`, `last`/`before`, at most 100:
// connection.ts) as a limit and offset. The stores count with the page
// (`count(*) OVER ()`), so a page that holds no row (`totalCount` alone, past
// the end, or counted from the end) reads the total with a one-row page first.
import { connection, twoWayWindow, type ConnectionArgs } from '../core/connection.js';

type Fetch<T> = (page: { limit: number; offset: number }) => Promise<{ rows: T[]; total: number }>;

export async function teamPage<T>(args: ConnectionArgs, name: string, fetch: Fetch<T>) {
  const window = twoWayWindow(args, name);
  if (!window.fromEnd && window.first > 0) {
    const found = await fetch({ limit: window.first, offset: window.offset });
    if (found.rows.length > 0 || window.offset === 0) return connection(found.rows, found.total, window);
  }
  const { total } = await fetch({ limit: 1, offset: 0 });
  if (!window.fromEnd) return connection([], total, window);
  const offset = Math.max(0, total - window.first);
  const rows = window.first === 0 ? [] : (await fetch({ limit: total - offset, offset })).rows;
  return connection(rows, total, { first: rows.length, offset });
}
