// One page of a gist list read from the database: the connection arguments
// (`first`/`after`, `last`/`before`, at most 100: connection.ts) turned into a
// limit and offset. A page counted from the end needs the total first, so it
// costs one more count statement.
import { connection, twoWayWindow, type ConnectionArgs } from '../core/connection.js';
import type { Window } from '../../gists/gist-reads-store.js';

type Fetch<T> = (window: Window) => Promise<{ rows: T[]; total: number }>;

export async function gistPage<T>(args: ConnectionArgs, name: string, fetch: Fetch<T>) {
  const window = twoWayWindow(args, name);
  if (!window.fromEnd) {
    const { rows, total } = await fetch({ limit: window.first, offset: window.offset });
    return connection(rows, total, window);
  }
  const { total } = await fetch({ limit: 0, offset: 0 });
  const offset = Math.max(0, total - window.first);
  const { rows } = await fetch({ limit: total - offset, offset });
  return connection(rows, total, { first: rows.length, offset });
}
