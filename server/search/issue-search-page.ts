// One page of an issue search as ids: the same filter as REST's
// GET /search/issues (issue-search.ts: syntax, visibility, qualifiers, text,
// order), but only the ids of the page and whether each is a pull request
// (GraphQL's `search`: the rows themselves come through its per-request
// loaders, so a result is the very row `node(id)` and `Repository.issues` give).
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import type { RowWindow } from '../db/ranked-pages.js';
import { countMatches, searchFilter } from './issue-search.js';
import { searchOrder } from './search-order.js';
import type { IssueSearchQuery } from './search-query.js';

/** Rows `offset + 1` to `offset + first` of the list. */
export interface SearchWindow {
  first: number;
  offset: number;
}

/** GitHub serves the first 1,000 results of a search, however many match. */
export const MAX_SEARCH_RESULTS = 1000;

export interface SearchHitId {
  id: number;
  isPull: boolean;
}

export interface SearchPage {
  hits: SearchHitId[];
  /** Every match (issueCount), beyond the 1,000 that can be paged to. */
  total: number;
  /** Where the page stands in the list of the first 1,000. */
  window: SearchWindow;
}

export async function searchPage(
  sql: Sql,
  principal: Principal,
  q: IssueSearchQuery,
  asked: RowWindow,
): Promise<SearchPage> {
  const filter = await searchFilter(sql, principal, q);
  let window: SearchWindow = asked;
  let total: number | undefined;
  if (asked.fromEnd) {
    // `last` without `before`: the end of the list is known only from its length.
    total = await countMatches(sql, filter);
    const end = Math.min(total, MAX_SEARCH_RESULTS);
    window = { offset: Math.max(0, end - asked.first), first: Math.min(asked.first, end) };
  }
  const limit = Math.max(0, Math.min(window.first, MAX_SEARCH_RESULTS - window.offset));
  const rows =
    limit === 0
      ? []
      : await sql<{ id: string | number; is_pull: boolean; total: number }[]>`
    SELECT i.id, EXISTS (SELECT 1 FROM pull_requests sp WHERE sp.issue_id = i.id) AS is_pull,
      ${filter.score} AS score, count(*) OVER ()::int AS total
    FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE ${filter.where}
    ORDER BY ${searchOrder(sql, q.sort?.sort, q.sort?.order)} LIMIT ${limit} OFFSET ${window.offset}`;
  // A page past the end (or none asked, for issueCount alone) has no row to carry the count; an empty first page counts nothing.
  const emptyList = limit > 0 && window.offset === 0;
  total ??= rows.length > 0 ? Number(rows[0]!.total) : emptyList ? 0 : await countMatches(sql, filter);
  return { hits: rows.map((row) => ({ id: Number(row.id), isPull: row.is_pull })), total, window };
}
