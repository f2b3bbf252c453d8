// Issue comments read for many ids or issues in one statement each, as the
// GraphQL loaders ask them: a page of comments per issue or author (ranked per parent,
// with the parent's total in the same statement) and comments by id.
import type { Sql } from '../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../db/ranked-pages.js';
import { COMMENT_TABLE_COLUMNS, type CommentColumns } from './issue-columns.js';
import { authorAssociation } from '../access/author-association-sql.js';
import { readableAuthored } from '../access/authored-visibility-sql.js';
import type { Principal } from '../auth/principal.js';

/** Whose comments a page lists: an issue's, or an author's across repositories cut to what `authorReadBy` reads. */
export type CommentParent = 'issue' | { authorReadBy: Principal };

/** Comments of many issues (or authors), oldest first (GitHub's order; UPDATED_AT orders by last edit). */
export async function commentPages(
  sql: Sql,
  parentIds: readonly number[],
  window: RowWindow,
  orderBy: { field: 'UPDATED_AT'; direction: 'ASC' | 'DESC' } | null,
  parent: CommentParent = 'issue',
): Promise<Map<number, Page<CommentColumns>>> {
  const descending = (orderBy?.direction === 'DESC') !== window.fromEnd;
  const dir = sql.unsafe(descending ? 'DESC' : 'ASC');
  const column = sql.unsafe(orderBy ? 'ic.updated_at' : 'ic.created_at');
  const byAuthor = typeof parent === 'object';
  const parentColumn = byAuthor ? 'user_id' : 'issue_id';
  const scope = byAuthor
    ? sql`JOIN issues i ON i.id = ic.issue_id WHERE ${readableAuthored(sql, parent.authorReadBy, 'comments')} AND ic.user_id`
    : sql`WHERE ic.issue_id`;
  const select = sql`SELECT ${sql.unsafe(COMMENT_TABLE_COLUMNS)}, ${authorAssociation(sql, 'ic.user_id')} AS author_association,
      row_number() OVER (PARTITION BY ic.${sql.unsafe(parentColumn)} ORDER BY ${column} ${dir}, ic.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY ic.${sql.unsafe(parentColumn)})::int AS total
    FROM issue_comments ic JOIN repositories r ON r.id = ic.repository_id ${scope} = ANY(${parentIds as number[]})`;
  return rankedPages<CommentColumns & { [key: string]: unknown }>(sql, parentColumn, parentIds, window, select);
}

export async function commentsByIds(sql: Sql, ids: readonly number[]): Promise<Map<number, CommentColumns>> {
  const rows = await sql<
    CommentColumns[]
  >`SELECT ${sql.unsafe(COMMENT_TABLE_COLUMNS)}, ${authorAssociation(sql, 'ic.user_id')} AS author_association
    FROM issue_comments ic JOIN repositories r ON r.id = ic.repository_id WHERE ic.id = ANY(${ids as number[]})`;
  return new Map(rows.map((row) => [row.id, row]));
}
