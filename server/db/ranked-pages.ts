// One page of rows for each of many parents in one statement: the batch reads
// the GraphQL loaders call (issues per repository, comments per issue, reviews
// per pull request, …) rank each parent's rows with row_number() and keep the
// window, with each parent's total in the same statement.
import type postgres from 'postgres';
import type { Sql, TransactionSql } from './database.js';

export type Page<T> = { rows: T[]; total: number };

/** Which rows of each parent: `first` after `offset`, counted from the end when `fromEnd` (GraphQL's `last`/`before`). */
export interface RowWindow {
  first: number;
  offset: number;
  fromEnd: boolean;
}

/**
 * Ranks the rows of each parent and keeps the window; the parent's first row
 * is kept too (and dropped here) so every parent with rows reports its total,
 * even for a window past its end or of no rows (a `totalCount`-only query).
 * `select` must give `position` (1-based, in the window's order: reversed when
 * reading from the end) and `total` per row. `dropParent`: the parent column
 * is the read's own (a label's or a subject's id), left out of the rows.
 */
export async function rankedPages<T extends { [key: string]: unknown }>(
  sql: Sql | TransactionSql,
  parentColumn: string,
  parents: readonly number[],
  window: RowWindow,
  select: postgres.PendingQuery<postgres.Row[]>,
  dropParent = false,
): Promise<Map<number, Page<T>>> {
  const pages = new Map<number, Page<T>>(parents.map((id) => [id, { rows: [], total: 0 }]));
  const rows = await sql<(T & { position: number; total: number })[]>`SELECT * FROM (${select}) ranked
    WHERE (position > ${window.offset} AND position <= ${window.offset + window.first}) OR position = 1
    ORDER BY ${sql(parentColumn)}, position`;
  for (const { position, total, ...row } of rows) {
    const page = pages.get(row[parentColumn] as number)!;
    page.total = total;
    if (dropParent) delete row[parentColumn];
    if (position > window.offset && position <= window.offset + window.first) page.rows.push(row as unknown as T);
  }
  if (window.fromEnd) for (const page of pages.values()) page.rows.reverse();
  return pages;
}
