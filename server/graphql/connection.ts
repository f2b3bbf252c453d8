// Forward pagination of GraphQL connections, GitHub's way: `first` is
// required and at most 100, `after` is an opaque cursor from an earlier page,
// and the connection answers `edges`, `nodes`, `pageInfo` and `totalCount`.
// Cursors carry the position in the ordered list (the codec of
// git/paginate.ts, shared by every connection), so a page costs one
// statement whatever its depth in the list.
import { githubError } from './errors.js';
import { decodeCursor, encodeCursor, MAX_PAGE } from './git/paginate.js';

export interface PageWindow { first: number; offset: number }

/** The rows a connection argument set asks for, or GitHub's error for arguments it refuses. */
export function pageWindow(args: { first?: number | null; after?: string | null }, connection: string): PageWindow {
  const { first, after } = args;
  if (first === undefined || first === null) {
    throw githubError('MISSING_PAGINATION_BOUNDARIES', `You must provide a \`first\` or \`last\` value to properly paginate the \`${connection}\` connection.`);
  }
  if (first < 0) throw githubError('INVALID_ARGUMENTS', `\`first\` on the ${connection} connection cannot be less than zero.`);
  if (first > MAX_PAGE) {
    throw githubError('EXCESSIVE_PAGINATION', `Requesting ${first} records on the \`${connection}\` connection exceeds the \`first\` limit of ${MAX_PAGE} records.`);
  }
  // A cursor is an item's 1-based position (git/paginate.ts: one codec for every connection), so it is the offset of the next.
  const offset = after === undefined || after === null ? 0 : decodeCursor(after);
  return { first, offset };
}

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
