// The `sort` of GET /search/issues as an ORDER BY on `i` (issues) and the
// page's `score`: GitHub's sorts by date, comments, reactions (all or one
// content, named as GitHub names them) and interactions (comments plus
// reactions); best match without one.
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import { reactionTotal } from './search-conditions.js';

export type SearchSort = 'comments' | 'created' | 'updated' | 'reactions' | 'interactions' | `reactions-${string}`;

// GitHub's sort names for a reaction content and the content they count.
const CONTENT: Record<string, string> = {
  '+1': '+1',
  '-1': '-1',
  smile: 'laugh',
  thinking_face: 'confused',
  heart: 'heart',
  tada: 'hooray',
};

/** Every sort GitHub takes, for `sort:` in q (the `sort` parameter's enum is checked against openapi.yaml). */
export const SORTS: ReadonlySet<string> = new Set([
  'comments',
  'created',
  'updated',
  'reactions',
  'interactions',
  ...Object.keys(CONTENT).map((c) => `reactions-${c}`),
]);

function sortKey(sql: Sql, sort: SearchSort | undefined): Fragment | undefined {
  switch (sort) {
    case 'created':
      return sql`i.created_at`;
    case 'updated':
      return sql`i.updated_at`;
    case 'comments':
      return sql`i.comments`;
    case 'reactions':
      return reactionTotal(sql);
    case 'interactions':
      return sql`(i.comments + ${reactionTotal(sql)})`;
    case undefined:
      return undefined;
    default: {
      const content = CONTENT[sort.slice('reactions-'.length)];
      return content === undefined ? undefined : sql`COALESCE((i.reaction_counts ->> ${content})::int, 0)`;
    }
  }
}

export function searchOrder(sql: Sql, sort: SearchSort | undefined, order: 'asc' | 'desc' | undefined): Fragment {
  const key = sortKey(sql, sort);
  if (key === undefined) return sql`score DESC, i.created_at DESC, i.id DESC`;
  // Ties by id in the same direction: a stable order across pages.
  return (order ?? 'desc') === 'desc' ? sql`${key} DESC, i.id DESC` : sql`${key} ASC, i.id ASC`;
}
