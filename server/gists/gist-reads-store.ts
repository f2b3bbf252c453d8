// The gist reads GraphQL needs beyond one gist by name or id and REST's lists
// (gists-list-store.ts, whose rows and comment counts these share): a user's
// gists in GraphQL's orders, a gist's forks and stargazers, star counts, and a
// user's comments. Each list is a count and a page; which gists a caller may
// list is the policy's answer (access/gist-access.ts), passed in as `withSecret`.
import type { Sql } from '../db/database.js';
import type { GistRow } from './gists-store.js';
import { COLUMNS } from './gists-list-store.js';
import type { GistCommentRow } from './comments/gist-comments-store.js';
import { findGistCommentsByIds } from './comments/gist-comments-store.js';

export interface Window {
  limit: number;
  offset: number;
}

export type GistOrderColumn = 'created_at' | 'updated_at';

const SELECT_GIST = (sql: Sql) => sql`SELECT ${COLUMNS(sql)} FROM gists g JOIN accounts a ON a.id = g.owner_id`;

const orderBy = (sql: Sql, column: GistOrderColumn, desc: boolean) =>
  desc ? sql`${sql('g.' + column)} DESC, g.id DESC` : sql`${sql('g.' + column)}, g.id`;

/** A user's gists: public ones, and secret ones too with `withSecret` (`secretOnly` for SECRET). */
export async function gistsOfOwner(
  sql: Sql,
  ownerId: number,
  filter: { withPublic: boolean; withSecret: boolean },
  order: { column: GistOrderColumn; desc: boolean },
  window: Window,
): Promise<{ rows: GistRow[]; total: number }> {
  const which =
    filter.withPublic && filter.withSecret
      ? sql`TRUE`
      : filter.withSecret
        ? sql`NOT g.public`
        : filter.withPublic
          ? sql`g.public`
          : sql`FALSE`;
  const [count] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM gists g WHERE g.owner_id = ${ownerId} AND ${which}`;
  if (count!.n === 0 || window.limit === 0) return { rows: [], total: count!.n };
  const rows = await sql<GistRow[]>`
    ${SELECT_GIST(sql)} WHERE g.owner_id = ${ownerId} AND ${which}
    ORDER BY ${orderBy(sql, order.column, order.desc)} LIMIT ${window.limit} OFFSET ${window.offset}`;
  return { rows, total: count!.n };
}

/** A gist's forks: the public ones, and the secret ones of `secretOf` (the viewer's own). */
export async function forksOfGist(
  sql: Sql,
  gistId: number,
  secretOf: number | null,
  order: { column: GistOrderColumn; desc: boolean },
  window: Window,
): Promise<{ rows: GistRow[]; total: number }> {
  const which = sql`g.fork_of_id = ${gistId} AND (g.public OR g.owner_id = ${secretOf ?? 0})`;
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM gists g WHERE ${which}`;
  if (count!.n === 0 || window.limit === 0) return { rows: [], total: count!.n };
  const rows = await sql<GistRow[]>`
    ${SELECT_GIST(sql)} WHERE ${which}
    ORDER BY ${orderBy(sql, order.column, order.desc)} LIMIT ${window.limit} OFFSET ${window.offset}`;
  return { rows, total: count!.n };
}

export interface StarRow {
  account_id: number;
  created_at: Date;
}

/** Who starred a gist, oldest star first unless `desc`. */
export async function stargazersOfGist(
  sql: Sql,
  gistId: number,
  desc: boolean,
  window: Window,
): Promise<{ rows: StarRow[]; total: number }> {
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM gist_stars WHERE gist_id = ${gistId}`;
  if (count!.n === 0 || window.limit === 0) return { rows: [], total: count!.n };
  const rows = await sql<StarRow[]>`
    SELECT account_id, created_at FROM gist_stars WHERE gist_id = ${gistId}
    ORDER BY ${desc ? sql`created_at DESC, account_id DESC` : sql`created_at, account_id`}
    LIMIT ${window.limit} OFFSET ${window.offset}`;
  return { rows, total: count!.n };
}

/** Star counts of gists, in one statement (gists without stars are absent: 0). */
export async function starCounts(sql: Sql, gistIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await sql<{ gist_id: number; n: number }[]>`
    SELECT gist_id, count(*)::int AS n FROM gist_stars WHERE gist_id = ANY(${gistIds as number[]}::bigint[]) GROUP BY gist_id`;
  return new Map(rows.map((row) => [row.gist_id, row.n]));
}

/** Which of these gists an account starred, in one statement. */
export async function starredBy(sql: Sql, accountId: number, gistIds: readonly number[]): Promise<Set<number>> {
  const rows = await sql<{ gist_id: number }[]>`
    SELECT gist_id FROM gist_stars WHERE account_id = ${accountId} AND gist_id = ANY(${gistIds as number[]}::bigint[])`;
  return new Set(rows.map((row) => row.gist_id));
}

/**
 * A user's gist comments, oldest first: on public gists, and on any gist for
 * `viewerId` when it is the author or the gist's owner (`everything`: the author itself asks).
 */
export async function commentsOfAuthor(
  sql: Sql,
  authorId: number,
  viewerId: number | null,
  window: Window,
): Promise<{ rows: GistCommentRow[]; total: number }> {
  const which = sql`c.author_id = ${authorId} AND (g.public OR g.owner_id = ${viewerId ?? 0} OR c.author_id = ${viewerId ?? 0})`;
  const [count] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM gist_comments c JOIN gists g ON g.id = c.gist_id WHERE ${which}`;
  if (count!.n === 0 || window.limit === 0) return { rows: [], total: count!.n };
  const ids = await sql<{ id: number }[]>`
    SELECT c.id FROM gist_comments c JOIN gists g ON g.id = c.gist_id WHERE ${which}
    ORDER BY c.id LIMIT ${window.limit} OFFSET ${window.offset}`;
  const found = new Map(
    (
      await findGistCommentsByIds(
        sql,
        ids.map((row) => row.id),
      )
    ).map((row) => [row.id, row]),
  );
  return { rows: ids.flatMap((row) => found.get(row.id) ?? []), total: count!.n };
}
