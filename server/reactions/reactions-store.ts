// Adding, listing and removing reactions. Each change is one transaction with
// the subject's rollup (`reaction_counts`), so bodies never count rows.
import type { Sql, TransactionSql } from '../db/database.js';
import { accountJson } from '../repos/accounts-store.js';
import type { Page } from '../issues/issue-list.js';
import type { AccountRef } from '../repos/user-view.js';
import { subjectColumn, subjectTable, type ReactionContent, type ReactionSubject } from './reaction-subject.js';

/** A reaction's columns and its subject's repository (reaction-batch-reads.ts reads them for GraphQL). */
export interface ReactionColumns {
  id: number;
  content: ReactionContent;
  created_at: Date;
  user_id: number | null;
  issue_id: number | null;
  comment_id: number | null;
  review_comment_id: number | null;
  release_id: number | null;
  review_id: number | null;
  repository_id: number;
}

/** A reaction as REST shows it: its own columns and its author. */
export interface ReactionRow extends Pick<ReactionColumns, 'id' | 'content' | 'created_at'> {
  user: AccountRef | null;
}

type Db = Sql | TransactionSql;

const SELECT_REACTION = (sql: Db, extra = sql``) => sql`
  SELECT x.id, x.content, x.created_at,
    (SELECT ${accountJson(sql, 'u')} FROM accounts u WHERE u.id = x.user_id) AS user ${extra}
  FROM reactions x`;

/**
 * Locks the subject's row before anything else: the insert or delete below
 * bumps the issue-list generation (its trigger), and the subject's row is
 * taken by its own edits before the generation too (the lock order of
 * server/issues/issue-locks.ts). False when the subject is gone.
 */
async function lockSubject(tx: TransactionSql, subject: ReactionSubject): Promise<boolean> {
  const rows = await tx`SELECT id FROM ${subjectTable(tx, subject)} WHERE id = ${subject.id} FOR NO KEY UPDATE`;
  return rows.length > 0;
}

/** Moves the subject's count of `content` by `delta` (never below zero). */
const bump = (tx: TransactionSql, subject: ReactionSubject, content: ReactionContent, delta: 1 | -1) => tx`
  UPDATE ${subjectTable(tx, subject)}
  SET reaction_counts = jsonb_set(reaction_counts, ${[content]}::text[],
    to_jsonb(GREATEST(COALESCE((reaction_counts ->> ${content})::int, 0) + ${delta}, 0)))
  WHERE id = ${subject.id}`;

/**
 * The caller's reaction of `content` on the subject, and whether it is new:
 * a second identical reaction answers the first (GitHub's 200), also when two
 * requests race. Null when the subject went away meanwhile.
 */
export async function addReaction(
  sql: Sql,
  subject: ReactionSubject,
  userId: number,
  content: ReactionContent,
): Promise<{ row: ReactionRow; created: boolean } | null> {
  const column = subjectColumn(sql, subject);
  try {
    return (await sql.begin(async (tx: TransactionSql) => {
      if (!(await lockSubject(tx, subject))) return null;
      const [inserted] = await tx<{ id: number }[]>`
        INSERT INTO reactions (${column}, user_id, content) VALUES (${subject.id}, ${userId}, ${content})
        ON CONFLICT (${column}, user_id, content) WHERE ${column} IS NOT NULL DO NOTHING RETURNING id`;
      if (inserted) await bump(tx, subject, content, 1);
      const [row] = await tx<ReactionRow[]>`
        ${SELECT_REACTION(tx)} WHERE x.${column} = ${subject.id} AND x.user_id = ${userId} AND x.content = ${content}`;
      return row ? { row, created: inserted !== undefined } : null;
    })) as { row: ReactionRow; created: boolean } | null;
  } catch (error) {
    // The issue or comment was deleted between our read of it and the insert.
    if ((error as { code?: string }).code === '23503') return null;
    throw error;
  }
}

/** The id of the user's reaction of `content` on the subject (GraphQL's removeReaction names it so), or null. */
export async function ownReactionId(
  sql: Sql,
  subject: ReactionSubject,
  userId: number,
  content: ReactionContent,
): Promise<number | null> {
  const column = subjectColumn(sql, subject);
  const [row] = await sql<
    { id: number }[]
  >`SELECT id FROM reactions WHERE ${column} = ${subject.id} AND user_id = ${userId} AND content = ${content}`;
  return row?.id ?? null;
}

export type RemoveResult = 'removed' | 'missing' | 'not-yours';

/** Removes one reaction of the subject, only the caller's own. */
export async function removeReaction(
  sql: Sql,
  subject: ReactionSubject,
  reactionId: number,
  userId: number,
): Promise<RemoveResult> {
  if (!Number.isSafeInteger(reactionId) || reactionId < 1) return 'missing';
  const column = subjectColumn(sql, subject);
  return sql.begin(async (tx: TransactionSql) => {
    if (!(await lockSubject(tx, subject))) return 'missing';
    const [found] = await tx<{ user_id: number | null; content: ReactionContent }[]>`
      SELECT user_id, content FROM reactions WHERE id = ${reactionId} AND ${column} = ${subject.id} FOR UPDATE`;
    if (!found) return 'missing';
    if (found.user_id !== userId) return 'not-yours';
    await tx`DELETE FROM reactions WHERE id = ${reactionId}`;
    await bump(tx, subject, found.content, -1);
    return 'removed';
  }) as Promise<RemoveResult>;
}

/** A page of the subject's reactions, oldest first, optionally of one content; with the total for Link. */
export async function listReactions(
  sql: Sql,
  subject: ReactionSubject,
  content: ReactionContent | undefined,
  p: Page,
): Promise<{ rows: ReactionRow[]; total: number }> {
  const column = subjectColumn(sql, subject);
  const where =
    content === undefined
      ? sql`x.${column} = ${subject.id}`
      : sql`x.${column} = ${subject.id} AND x.content = ${content}`;
  const page = await sql<(ReactionRow & { total: number })[]>`
    ${SELECT_REACTION(sql, sql`, count(*) OVER () AS total`)} WHERE ${where} ORDER BY x.id LIMIT ${p.limit} OFFSET ${p.offset}`;
  if (page.length > 0 || p.offset === 0) return { rows: page, total: Number(page[0]?.total ?? 0) };
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM reactions x WHERE ${where}`;
  return { rows: page, total: row!.n };
}
