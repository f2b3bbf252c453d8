// A repository's milestones in PostgreSQL. `open_issues` and `closed_issues`
// are counted by the query from the issues that carry the milestone (the
// partial index issues_milestone_state_idx answers each count), so they are
// right after any close, reopen, move or deletion without a counter to keep.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';

export interface MilestoneRow {
  id: number;
  repository_id: number;
  number: number;
  title: string;
  description: string | null;
  state: 'open' | 'closed';
  due_on: Date | null;
  creator_id: number | null;
  creator_login: string | null;
  creator_kind: 'User' | 'Organization' | 'Bot' | null;
  creator_site_admin: boolean | null;
  open_issues: number;
  closed_issues: number;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}

export interface MilestoneValues {
  title: string;
  description: string | null;
  state: 'open' | 'closed';
  due_on: Date | null;
}

export type MilestoneState = 'open' | 'closed' | 'all';
export interface MilestoneListOptions {
  state: MilestoneState;
  sort: 'due_on' | 'completeness';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

type Db = Sql | TransactionSql;

/** Milestone rows with their creator and issue counts (alias m); add WHERE after it. */
export const SELECT_MILESTONE = (db: Db) => db`
  SELECT m.id, m.repository_id, m.number, m.title, m.description, m.state, m.due_on, m.creator_id,
         a.login AS creator_login, a.kind AS creator_kind, a.site_admin AS creator_site_admin,
         (SELECT count(*)::int FROM issues mi WHERE mi.milestone_id = m.id AND mi.state = 'open') AS open_issues,
         (SELECT count(*)::int FROM issues mc WHERE mc.milestone_id = m.id AND mc.state = 'closed') AS closed_issues,
         m.created_at, m.updated_at, m.closed_at
  FROM milestones m LEFT JOIN accounts a ON a.id = m.creator_id`;

export function isTitleTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e.code === '23505' && e.constraint_name === 'milestones_repository_title_idx';
}

export async function findMilestone(
  db: Db,
  repositoryId: number,
  number: number,
  lock = false,
): Promise<MilestoneRow | null> {
  const [row] = await db<MilestoneRow[]>`${SELECT_MILESTONE(db)}
    WHERE m.repository_id = ${repositoryId} AND m.number = ${number} ${lock ? db`FOR UPDATE OF m` : db``}`;
  return row ?? null;
}

/**
 * One page and the total. By due date, milestones without one last (then by
 * number); by completeness, the share of closed issues (none yet counts as 0).
 */
export async function listMilestones(
  db: Db,
  repositoryId: number,
  options: MilestoneListOptions,
): Promise<{ rows: MilestoneRow[]; total: number }> {
  const states = options.state === 'all' ? ['open', 'closed'] : [options.state];
  const dir = options.direction === 'desc' ? db`DESC` : db`ASC`;
  const order =
    options.sort === 'completeness'
      ? db`coalesce(closed_issues::float8 / nullif(open_issues + closed_issues, 0), 0) ${dir}, number ${dir}`
      : db`due_on ${dir} NULLS LAST, number ${dir}`;
  const rows = await db<(MilestoneRow & { total: number })[]>`
    SELECT *, count(*) OVER ()::int AS total FROM (${SELECT_MILESTONE(db)}
      WHERE m.repository_id = ${repositoryId} AND m.state = ANY(${states})) listed
    ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.offset > 0) {
    const [row] = await db<{ count: number }[]>`SELECT count(*)::int AS count FROM milestones
      WHERE repository_id = ${repositoryId} AND state = ANY(${states})`;
    total = row!.count;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** The next number of the repository: never one given before, even to a milestone since deleted. */
async function nextNumber(tx: TransactionSql, repositoryId: number): Promise<number> {
  const [row] = await tx<{ last_number: number }[]>`
    INSERT INTO milestone_numbers (repository_id, last_number) VALUES (${repositoryId}, 1)
    ON CONFLICT (repository_id) DO UPDATE SET last_number = milestone_numbers.last_number + 1
    RETURNING last_number`;
  return row!.last_number;
}

export async function insertMilestone(
  tx: TransactionSql,
  repositoryId: number,
  creatorId: number,
  values: MilestoneValues,
): Promise<MilestoneRow> {
  const number = await nextNumber(tx, repositoryId);
  await tx`INSERT INTO milestones (repository_id, number, title, description, state, due_on, creator_id, closed_at)
    VALUES (${repositoryId}, ${number}, ${values.title}, ${values.description}, ${values.state}, ${values.due_on}, ${creatorId},
            ${values.state === 'closed' ? tx`now()` : null})`;
  return (await findMilestone(tx, repositoryId, number))!;
}

/** `closed_at` is set when the milestone closes and cleared when it reopens. */
export async function updateMilestone(
  tx: TransactionSql,
  row: MilestoneRow,
  values: MilestoneValues,
): Promise<MilestoneRow> {
  const closedAt = values.state === row.state ? row.closed_at : values.state === 'closed' ? tx`now()` : null;
  await tx`UPDATE milestones SET title = ${values.title}, description = ${values.description}, state = ${values.state},
    due_on = ${values.due_on}, closed_at = ${closedAt}, updated_at = now() WHERE id = ${row.id}`;
  return (await findMilestone(tx, row.repository_id, row.number))!;
}

export async function deleteMilestone(tx: TransactionSql, id: number): Promise<void> {
  await tx`DELETE FROM milestones WHERE id = ${id}`;
}

/** Milestones by id (GraphQL's node lookups), in one statement. */
export async function milestonesByIds(db: Db, ids: readonly number[]): Promise<Map<number, MilestoneRow>> {
  const rows = await db<MilestoneRow[]>`${SELECT_MILESTONE(db)} WHERE m.id = ANY(${ids as number[]})`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Milestones by repository and number, in one statement; keyed `<repositoryId>:<number>`. */
export async function milestonesByNumbers(
  db: Db,
  keys: readonly { repositoryId: number; number: number }[],
): Promise<Map<string, MilestoneRow>> {
  // Numbers beyond PostgreSQL's integer name no milestone (and would fail the query).
  const wanted = keys.filter((key) => Number.isInteger(key.number) && key.number > 0 && key.number <= 2147483647);
  if (wanted.length === 0) return new Map();
  const rows = await db<MilestoneRow[]>`${SELECT_MILESTONE(db)}
    JOIN unnest(${wanted.map((k) => k.repositoryId)}::bigint[], ${wanted.map((k) => k.number)}::int[]) AS k(key_repository, key_number)
      ON m.repository_id = k.key_repository AND m.number = k.key_number`;
  return new Map(rows.map((row) => [`${row.repository_id}:${row.number}`, row]));
}

export interface MilestonePageRequest {
  first: number;
  offset: number;
  /** Part of the title, any case; null: every milestone. */
  query: string | null;
  states: ('open' | 'closed')[];
  orderBy: 'CREATED_AT' | 'DUE_DATE' | 'NUMBER' | 'UPDATED_AT';
  direction: 'ASC' | 'DESC';
}

/** One page of milestones for each of many repositories, and each one's total: two statements (GraphQL's `milestones`). */
export async function milestonePages(
  db: Db,
  repositoryIds: readonly number[],
  page: MilestonePageRequest,
): Promise<Map<number, { rows: MilestoneRow[]; total: number }>> {
  const pages = new Map<number, { rows: MilestoneRow[]; total: number }>(
    repositoryIds.map((id) => [id, { rows: [], total: 0 }]),
  );
  if (page.query !== null && !canMatchText(page.query)) return pages;
  const ids = repositoryIds as number[];
  const matches = db`m.repository_id = ANY(${ids}) AND m.state = ANY(${page.states})
    AND ${page.query === null ? db`true` : db`strpos(lower(m.title), lower(${page.query})) > 0`}`;
  const dir = page.direction === 'DESC' ? db`DESC` : db`ASC`;
  const column = { CREATED_AT: db`created_at`, DUE_DATE: db`due_on`, NUMBER: db`number`, UPDATED_AT: db`updated_at` }[
    page.orderBy
  ];
  const rows = await db<(MilestoneRow & { position: number })[]>`SELECT * FROM (
      SELECT listed.*, row_number() OVER (PARTITION BY repository_id ORDER BY ${column} ${dir} NULLS LAST, number ${dir})::int AS position
      FROM (${SELECT_MILESTONE(db)} WHERE ${matches}) listed) ranked
    WHERE position > ${page.offset} AND position <= ${page.offset + page.first} ORDER BY repository_id, position`;
  const totals = await db<{ repository_id: number; total: number }[]>`SELECT m.repository_id, count(*)::int AS total
    FROM milestones m WHERE ${matches} GROUP BY m.repository_id`;
  for (const { position: _position, ...row } of rows) pages.get(row.repository_id)?.rows.push(row);
  for (const { repository_id, total } of totals) pages.get(repository_id)!.total = total;
  return pages;
}
