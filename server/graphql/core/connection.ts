// Pagination of GraphQL connections, GitHub's way: `first` (or, where the
// connection takes it, `last`) at most 100, `after`/`before` opaque cursors
// from an earlier page, and the connection answers `edges`, `nodes`,
// `pageInfo` and `totalCount`. A connection asked only for `totalCount` (or
// `pageInfo`) needs no `first`, as on GitHub: the resource limits
// (connection-tally.ts) refuse, before anything runs, a connection that lists
// items without one, so a window without `first` here reads no rows.
// Cursors carry the position in the ordered list (the codec of
// paginate.ts, shared by every connection), so a page costs one
// statement whatever its depth in the list.
import { githubError } from './errors.js';
import { decodeCursor, encodeCursor, MAX_PAGE } from './paginate.js';

export interface PageWindow {
  first: number;
  offset: number;
}

/**
 * A window that may be counted from the end of the list (`last` without
 * `before`): the store reads the list in reverse order, `first` rows from the
 * end, and hands them back in forward order.
 */
export interface TwoWayWindow extends PageWindow {
  fromEnd: boolean;
}

/** A connection field's paging arguments, as GraphQL passes them (absent or null when not given). */
export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

function checkedSize(value: number, argument: 'first' | 'last', connection: string): number {
  if (value < 0)
    throw githubError('INVALID_ARGUMENTS', `\`${argument}\` on the ${connection} connection cannot be less than zero.`);
  if (value > MAX_PAGE) {
    throw githubError(
      'EXCESSIVE_PAGINATION',
      `Requesting ${value} records on the \`${connection}\` connection exceeds the \`${argument}\` limit of ${MAX_PAGE} records.`,
    );
  }
  return value;
}

/** The rows a connection argument set asks for, or GitHub's error for arguments it refuses. */
export function pageWindow(args: { first?: number | null; after?: string | null }, connection: string): PageWindow {
  // A cursor is an item's 1-based position (paginate.ts: one codec for every connection), so it is the offset of the next.
  const offset = args.after === undefined || args.after === null ? 0 : decodeCursor(args.after);
  const first = args.first === undefined || args.first === null ? 0 : checkedSize(args.first, 'first', connection);
  return { first, offset };
}

/** `first`/`after` as pageWindow, plus `last` and `before` (positions, so no extra statement either). */
export function twoWayWindow(args: ConnectionArgs, connection: string): TwoWayWindow {
  const forward = pageWindow(args, connection);
  const before = args.before === undefined || args.before === null ? null : decodeCursor(args.before);
  const end = before === null ? Infinity : before - 1; // items at positions ≤ end may be returned
  const last = args.last === undefined || args.last === null ? null : checkedSize(args.last, 'last', connection);
  if (args.first !== undefined && args.first !== null) {
    return {
      first: Math.max(0, Math.min(forward.first, end - forward.offset)),
      offset: forward.offset,
      fromEnd: false,
    };
  }
  if (last === null) return { ...forward, fromEnd: false };
  if (before === null) return { first: last, offset: 0, fromEnd: true };
  const start = Math.max(forward.offset, end - last);
  return { first: Math.max(0, end - start), offset: start, fromEnd: false };
}

/** Where a page of `rows` stands in a list of `total`: a window counted from the end is placed only once its rows are known. */
export const pageAt = (window: TwoWayWindow, rows: number, total: number): PageWindow =>
  window.fromEnd ? { first: rows, offset: Math.max(0, total - rows) } : window;

/** The connection object for a page of `rows` found at `window` in a list of `total`. */
export function connection<T>(rows: T[], total: number, window: PageWindow) {
  const edges = rows.map((node, i) => ({ cursor: encodeCursor(window.offset + i + 1), node }));
  return {
    edges,
    nodes: rows,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
      hasNextPage: window.offset + rows.length < total,
      hasPreviousPage: window.offset > 0,
    },
    totalCount: total,
  };
}

/**
 * A page of a list already read whole (an issue's labels, a pull request's
 * commits, a commit's check suites…), for the same arguments and with the
 * same cursors as a page read from the database.
 */
export function listConnection<T>(all: readonly T[], args: ConnectionArgs, name: string) {
  const window = twoWayWindow(args, name);
  const rows = window.fromEnd
    ? all.slice(Math.max(0, all.length - window.first))
    : all.slice(window.offset, window.offset + window.first);
  return connection(rows, all.length, pageAt(window, rows.length, all.length));
}
