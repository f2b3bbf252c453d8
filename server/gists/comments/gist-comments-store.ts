// Gist comment rows (035_gists.sql's gist_comments) with their author and
// their gist's name and owner, which every body and access check needs, in
// one statement; single, page and batch reads, and the writes.
import type { Sql, TransactionSql } from '../../db/database.js';
import { accountJson } from '../../repos/accounts-store.js';
import type { AccountRef } from '../../repos/user-view.js';

type Db = Sql | TransactionSql;

export interface GistCommentRow {
  id: number;
  gist_id: number;
  /** The gist's name (REST URLs) and owner (who may delete, `author_association`). */
  gist_name: string;
  gist_owner_id: number;
  gist_public: boolean;
  author_id: number | null;
  /** Null once the author's account is gone (GitHub's ghost). */
  author: AccountRef | null;
  body: string;
  created_at: Date;
  updated_at: Date;
}

const SELECT_COMMENT = (db: Db) => db`
  SELECT c.id, c.gist_id, g.name AS gist_name, g.owner_id AS gist_owner_id, g.public AS gist_public,
         c.author_id, (SELECT ${accountJson(db, 'u')} FROM accounts u WHERE u.id = c.author_id) AS author,
         c.body, c.created_at, c.updated_at
  FROM gist_comments c JOIN gists g ON g.id = c.gist_id`;

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The comment `commentId` of gist `gistId`; null for a comment of another gist or none. */
export async function findGistComment(db: Db, gistId: number, commentId: number): Promise<GistCommentRow | null> {
  if (!validId(commentId)) return null;
  const [row] = await db<GistCommentRow[]>`${SELECT_COMMENT(db)} WHERE c.id = ${commentId} AND c.gist_id = ${gistId}`;
  return row ?? null;
}

/** Comments by database id (GC_ node ids), any gist, in no particular order; missing ids are left out. */
export async function findGistCommentsByIds(db: Db, ids: readonly number[]): Promise<GistCommentRow[]> {
  const wanted = ids.filter(validId);
  if (wanted.length === 0) return [];
  return db<GistCommentRow[]>`${SELECT_COMMENT(db)} WHERE c.id = ANY(${wanted}::bigint[])`;
}

/** One page of a gist's comments, oldest first, with the gist's total. */
export async function listGistComments(
  db: Db,
  gistId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: GistCommentRow[]; total: number }> {
  const [count] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM gist_comments WHERE gist_id = ${gistId}`;
  const rows = await db<GistCommentRow[]>`
    ${SELECT_COMMENT(db)} WHERE c.gist_id = ${gistId} ORDER BY c.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  return { rows, total: count!.n };
}

export async function insertGistComment(
  db: Db,
  gistId: number,
  authorId: number,
  body: string,
): Promise<GistCommentRow> {
  const [inserted] = await db<{ id: number }[]>`
    INSERT INTO gist_comments (gist_id, author_id, body) VALUES (${gistId}, ${authorId}, ${body}) RETURNING id`;
  return (await findGistComment(db, gistId, inserted!.id))!;
}

/** The edited row; null when the comment was deleted meanwhile. */
export async function updateGistCommentBody(db: Db, comment: GistCommentRow, body: string) {
  const changed = await db`UPDATE gist_comments SET body = ${body}, updated_at = now() WHERE id = ${comment.id}`;
  return changed.count === 0 ? null : findGistComment(db, comment.gist_id, comment.id);
}

/** False when the comment was gone already. */
export async function deleteGistCommentRow(db: Db, commentId: number): Promise<boolean> {
  const deleted = await db`DELETE FROM gist_comments WHERE id = ${commentId}`;
  return deleted.count > 0;
}
