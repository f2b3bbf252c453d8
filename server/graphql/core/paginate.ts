// Connection paging over positions: a cursor is the base64 of an item's
// 1-based position in the list (as GitHub's ref and history cursors are
// opaque position tokens). Wharf's first/last rules (required, at most 100)
// belong to the query limits; here a missing count means up to MAX_PAGE.
import { Buffer } from 'node:buffer';
import { githubError } from './errors.js';
import type { ConnectionModel } from '../git/models.js';

export const MAX_PAGE = 100;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export function encodeCursor(position: number): string {
  return Buffer.from(`cursor:${position}`).toString('base64');
}

/** The position a cursor names, or a GraphQL error for one this server did not write. */
export function decodeCursor(cursor: string): number {
  const match = /^cursor:([1-9]\d{0,8})$/.exec(Buffer.from(cursor, 'base64').toString('latin1'));
  if (!match || encodeCursor(Number(match[1])) !== cursor) {
    throw githubError('INVALID_CURSOR_ARGUMENTS', `\`${cursor}\` does not appear to be a valid cursor.`);
  }
  return Number(match[1]);
}

const clamp = (n: number | null | undefined) => (n == null ? undefined : Math.max(0, Math.min(MAX_PAGE, n)));

/** The page of `items` (all in memory) that the arguments select. */
export function paginate<T>(items: readonly T[], args: PageArgs): ConnectionModel<T> {
  let start = args.after ? Math.min(decodeCursor(args.after), items.length) : 0; // index of the first item after the cursor
  let end = args.before ? Math.min(decodeCursor(args.before) - 1, items.length) : items.length;
  if (end < start) end = start;
  const first = clamp(args.first);
  const last = clamp(args.last);
  if (first !== undefined) end = Math.min(end, start + first);
  if (last !== undefined) start = Math.max(start, end - last);
  if (first === undefined && last === undefined) end = Math.min(end, start + MAX_PAGE);
  const edges = items.slice(start, end).map((node, i) => ({ cursor: encodeCursor(start + i + 1), node }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
    },
    count: async () => items.length,
  };
}

/** The fields every connection model answers the same way (the count only when asked: it may cost a git process). */
export const connectionFields = {
  nodes: <T>(connection: ConnectionModel<T>) => connection.edges.map((edge) => edge.node),
  totalCount: <T>(connection: ConnectionModel<T>) => connection.count(),
};
