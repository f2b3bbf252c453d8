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
  created_at: Date;
  updated_at: Date;
}

export interface LabelValues {
  name: string;
  color: string;
  description: string | null;
}

type Db = Sql | TransactionSql;

const COLUMNS = (db: Db) => db`id, repository_id, name, color, description, is_default, created_at, updated_at`;

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
export async function listLabels(
  db: Db,
  repositoryId: number,
  limit: number,
  offset: number,
): Promise<{ rows: LabelRow[]; total: number }> {
  const rows = await db<(LabelRow & { total: number })[]>`
    SELECT ${COLUMNS(db)}, count(*) OVER ()::int AS total FROM labels WHERE repository_id = ${repositoryId}
    ORDER BY lower(name), id LIMIT ${limit} OFFSET ${offset}`;
  const total = rows[0]?.total ?? (offset > 0 ? await countLabels(db, repositoryId) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

async function countLabels(db: Db, repositoryId: number): Promise<number> {
  const [row] = await db<
    { count: number }[]
  >`SELECT count(*)::int AS count FROM labels WHERE repository_id = ${repositoryId}`;
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

/** Labels by id (GraphQL's node lookups), in one statement. */
export async function labelsByIds(db: Db, ids: readonly number[]): Promise<Map<number, LabelRow>> {
  const rows = await db<LabelRow[]>`SELECT ${COLUMNS(db)} FROM labels WHERE id = ANY(${ids as number[]})`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Labels by repository and name (any case), in one statement; keyed `<repositoryId>:<lower-cased name>`. */
export async function labelsByNames(
  db: Db,
  keys: readonly { repositoryId: number; name: string }[],
): Promise<Map<string, LabelRow>> {
  const wanted = keys.filter((key) => canMatchText(key.name));
  if (wanted.length === 0) return new Map();
  const rows = await db<LabelRow[]>`SELECT ${COLUMNS(db)} FROM labels l
    JOIN unnest(${wanted.map((k) => k.repositoryId)}::bigint[], ${wanted.map((k) => k.name)}::text[]) AS k(key_repository, key_name)
      ON l.repository_id = k.key_repository AND lower(l.name) = lower(k.key_name)`;
  return new Map(rows.map((row) => [`${row.repository_id}:${row.name.toLowerCase()}`, row]));
}

export interface LabelPageRequest {
  first: number;
  offset: number;
  /** Part of the name, any case; null: every label. */
  query: string | null;
  orderBy: 'CREATED_AT' | 'NAME';
  direction: 'ASC' | 'DESC';
}

/**
 * One page of labels for each of many repositories, and each one's total:
 * two statements whatever their number (GraphQL's `labels` connection on a
 * list of repositories).
 */
export async function labelPages(
  db: Db,
  repositoryIds: readonly number[],
  page: LabelPageRequest,
): Promise<Map<number, { rows: LabelRow[]; total: number }>> {
  const pages = new Map<number, { rows: LabelRow[]; total: number }>(
    repositoryIds.map((id) => [id, { rows: [], total: 0 }]),
  );
  if (page.query !== null && !canMatchText(page.query)) return pages;
  const ids = repositoryIds as number[];
  const matches = page.query === null ? db`true` : db`strpos(lower(name), lower(${page.query})) > 0`;
  const dir = page.direction === 'DESC' ? db`DESC` : db`ASC`;
  const order = page.orderBy === 'NAME' ? db`lower(name) ${dir}, id ${dir}` : db`created_at ${dir}, id ${dir}`;
  const rows = await db<(LabelRow & { position: number })[]>`SELECT * FROM (
      SELECT ${COLUMNS(db)}, row_number() OVER (PARTITION BY repository_id ORDER BY ${order})::int AS position
      FROM labels WHERE repository_id = ANY(${ids}) AND ${matches}) ranked
    WHERE position > ${page.offset} AND position <= ${page.offset + page.first} ORDER BY repository_id, position`;
  const totals = await db<{ repository_id: number; total: number }[]>`SELECT repository_id, count(*)::int AS total
    FROM labels WHERE repository_id = ANY(${ids}) AND ${matches} GROUP BY repository_id`;
  for (const { position: _position, ...row } of rows) pages.get(row.repository_id)?.rows.push(row);
  for (const { repository_id, total } of totals) pages.get(repository_id)!.total = total;
  return pages;
}
