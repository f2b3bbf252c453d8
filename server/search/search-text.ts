// Free text of an issue search as a SQL condition and rank on `i` (issues),
// over the full-text vectors of migration 016.
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import type { IssueSearchQuery } from './search-query.js';

/**
 * Free text: the issue's vector (only the title's or body's lexemes with
 * `in:title` / `in:body`) or, with `in:comments`, a comment's. The plain
 * `@@` on the whole vector stays in front so its GIN index finds the rows.
 */
export function textMatch(sql: Sql, q: IssueSearchQuery, tsquery: Fragment): { where: Fragment; rank: Fragment } {
  const fields = q.in ?? new Set(['title', 'body']);
  const title = fields.has('title');
  const body = fields.has('body');
  const vector =
    title && body
      ? sql`i.search_vector`
      : title
        ? sql`ts_filter(i.search_vector, '{a}')`
        : body
          ? sql`ts_filter(i.search_vector, '{b}')`
          : undefined;
  const inIssue =
    vector === undefined
      ? sql`FALSE`
      : title && body
        ? sql`i.search_vector @@ ${tsquery}`
        : sql`(i.search_vector @@ ${tsquery} AND ${vector} @@ ${tsquery})`;
  const issueRank = vector === undefined ? sql`0` : sql`ts_rank(${vector}, ${tsquery})`;
  if (!fields.has('comments')) return { where: inIssue, rank: issueRank };
  const inComments = sql`EXISTS (SELECT 1 FROM issue_comments sc WHERE sc.issue_id = i.id AND sc.search_vector @@ ${tsquery})`;
  // A comment's hit counts for less than the issue's own text.
  const commentRank = sql`COALESCE((SELECT max(ts_rank(sc.search_vector, ${tsquery})) FROM issue_comments sc
    WHERE sc.issue_id = i.id AND sc.search_vector @@ ${tsquery}), 0) / 2`;
  return { where: sql`(${inIssue} OR ${inComments})`, rank: sql`(${issueRank} + ${commentRank})` };
}
