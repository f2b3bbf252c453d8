// Comment lists: one issue's (oldest first, as GitHub) and a repository's
// (`sort` created/updated, `direction`), both with `since` and page numbers.
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import { SELECT_COMMENT, type CommentRow } from './comment-rows.js';
import type { Page } from './issue-list.js';

export interface CommentFilters {
  since?: string;
  sort?: 'created' | 'updated';
  direction?: 'asc' | 'desc';
}

async function counted(
  sql: Sql,
  where: Fragment,
  orderBy: Fragment,
  p: Page,
): Promise<{ rows: CommentRow[]; total: number }> {
  const page = await sql<(CommentRow & { total: number })[]>`
    ${SELECT_COMMENT(sql, sql`, count(*) OVER () AS total`)} WHERE ${where} ORDER BY ${orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`;
  if (page.length > 0 || p.offset === 0) return { rows: page, total: Number(page[0]?.total ?? 0) };
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM issue_comments ic WHERE ${where}`;
  return { rows: page, total: row!.n };
}

const since = (sql: Sql, value: string | undefined) =>
  value === undefined ? sql`TRUE` : sql`ic.updated_at >= ${new Date(value)}`;

export function listIssueComments(sql: Sql, issueId: number, f: CommentFilters, p: Page) {
  return counted(sql, sql`ic.issue_id = ${issueId} AND ${since(sql, f.since)}`, sql`ic.created_at, ic.id`, p);
}

export function listRepositoryComments(sql: Sql, repositoryId: number, f: CommentFilters, p: Page) {
  const desc = f.direction === 'desc';
  const orderBy =
    f.sort === 'updated'
      ? desc
        ? sql`ic.updated_at DESC, ic.id DESC`
        : sql`ic.updated_at, ic.id`
      : desc
        ? sql`ic.created_at DESC, ic.id DESC`
        : sql`ic.created_at, ic.id`;
  return counted(sql, sql`ic.repository_id = ${repositoryId} AND ${since(sql, f.since)}`, orderBy, p);
}
