// A repository's labels in PostgreSQL. Names are matched whatever their case
// (the unique index is on lower(name)), as GitHub matches them in URLs.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';

export interface LabelRow {
  id: number;
  repository_id: number;
  name: string;
  color: string;
  description: string | null;
  is_default: boolean;
}

export interface LabelValues { name: string; color: string; description: string | null }

type Db = Sql | TransactionSql;

const COLUMNS = (db: Db) => db`id, repository_id, name, color, description, is_default`;

/** A unique-index violation on the label name (a concurrent create or rename won). */
export function isNameTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e.code === '23505' && e.constraint_name === 'labels_repository_name_idx';
}

export async function findLabel(db: Db, repositoryId: number, name: string, lock = false): Promise<LabelRow | null> {
  if (!canMatchText(name)) return null;
  const [row] = await db<LabelRow[]>`SELECT ${COLUMNS(db)} FROM labels
    WHERE repository_id = ${repositoryId} AND lower(name) = lower(${name}) ${lock ? db`FOR UPDATE` : db``}`;
  return row ?? null;
}

/** One page, by name, and the total. */
export async function listLabels(db: Db, repositoryId: number, limit: number, offset: number): Promise<{ rows: LabelRow[]; total: number }> {
  const rows = await db<(LabelRow & { total: number })[]>`
    SELECT ${COLUMNS(db)}, count(*) OVER ()::int AS total FROM labels WHERE repository_id = ${repositoryId}
    ORDER BY lower(name), id LIMIT ${limit} OFFSET ${offset}`;
  const total = rows[0]?.total ?? (offset > 0 ? await countLabels(db, repositoryId) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

async function countLabels(db: Db, repositoryId: number): Promise<number> {
  const [row] = await db<{ count: number }[]>`SELECT count(*)::int AS count FROM labels WHERE repository_id = ${repositoryId}`;
  return row!.count;
}

export async function insertLabel(tx: TransactionSql, repositoryId: number, values: LabelValues): Promise<LabelRow> {
  const [row] = await tx<LabelRow[]>`INSERT INTO labels (repository_id, name, color, description)
    VALUES (${repositoryId}, ${values.name}, ${values.color}, ${values.description}) RETURNING ${COLUMNS(tx)}`;
  return row!;
}

export async function updateLabel(tx: TransactionSql, id: number, values: LabelValues): Promise<LabelRow> {
  const [row] = await tx<LabelRow[]>`UPDATE labels
    SET name = ${values.name}, color = ${values.color}, description = ${values.description}, updated_at = now()
    WHERE id = ${id} RETURNING ${COLUMNS(tx)}`;
  return row!;
}

export async function deleteLabel(tx: TransactionSql, id: number): Promise<void> {
  await tx`DELETE FROM labels WHERE id = ${id}`;
}
