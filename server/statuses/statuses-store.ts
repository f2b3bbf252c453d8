// Commit statuses in PostgreSQL. Every status is kept (the list shows them
// all); commit_status_contexts holds each context's latest status and how
// many the context has, so the combined view reads one row per context and
// GitHub's limit of 1000 per commit and context is one upsert.
import type { Sql, TransactionSql } from '../db/database.js';
import { validationFailed } from '../errors/domain-error.js';

export type StatusState = 'error' | 'failure' | 'pending' | 'success';

/** GitHub's limit of statuses per commit and context. */
export const MAX_STATUSES_PER_CONTEXT = 1000;

export interface StatusValues {
  state: StatusState;
  context: string;
  description: string | null;
  target_url: string | null;
}

export interface StatusRow extends StatusValues {
  id: number;
  repository_id: number;
  sha: string;
  creator_id: number | null;
  creator_login: string | null;
  creator_kind: 'User' | 'Organization' | 'Bot' | null;
  creator_site_admin: boolean | null;
  created_at: Date;
  updated_at: Date;
}

type Db = Sql | TransactionSql;

export const SELECT_STATUS = (db: Db) => db`
  SELECT s.id, s.repository_id, s.sha, s.state, s.context, s.description, s.target_url, s.creator_id,
         a.login AS creator_login, a.kind AS creator_kind, a.site_admin AS creator_site_admin, s.created_at, s.updated_at
  FROM commit_statuses s LEFT JOIN accounts a ON a.id = s.creator_id`;

const limitReached = () =>
  validationFailed([
    {
      resource: 'Status',
      code: 'custom',
      field: 'context',
      message: 'This SHA and context has reached the maximum number of statuses.',
    },
  ]);

/**
 * Inserts a status and makes it its context's latest. The context row is
 * locked first (an upsert), so concurrent statuses of one context count one
 * after the other; past the limit the transaction fails with GitHub's 422.
 */
export async function insertStatus(
  tx: TransactionSql,
  repositoryId: number,
  sha: string,
  creatorId: number,
  values: StatusValues,
): Promise<StatusRow> {
  const key = values.context.toLowerCase();
  const [counted] = await tx<{ status_count: number }[]>`
    SELECT status_count FROM commit_status_contexts
    WHERE repository_id = ${repositoryId} AND sha = ${sha} AND context_key = ${key} FOR UPDATE`;
  if (counted && counted.status_count >= MAX_STATUSES_PER_CONTEXT) throw limitReached();
  const [row] = await tx<{ id: number }[]>`INSERT INTO commit_statuses
      (repository_id, sha, state, context, description, target_url, creator_id)
    VALUES (${repositoryId}, ${sha}, ${values.state}, ${values.context}, ${values.description}, ${values.target_url}, ${creatorId})
    RETURNING id`;
  const [after] = await tx<{ status_count: number }[]>`
    INSERT INTO commit_status_contexts (repository_id, sha, context_key, latest_id, status_count)
    VALUES (${repositoryId}, ${sha}, ${key}, ${row!.id}, 1)
    ON CONFLICT (repository_id, sha, context_key)
      DO UPDATE SET latest_id = EXCLUDED.latest_id, status_count = commit_status_contexts.status_count + 1
    RETURNING status_count`;
  // Two first statuses of one context raced past the SELECT (no row to lock yet): the upsert counted both.
  if (after!.status_count > MAX_STATUSES_PER_CONTEXT) throw limitReached();
  return (await findStatus(tx, row!.id))!;
}

export async function findStatus(db: Db, id: number): Promise<StatusRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db<StatusRow[]>`${SELECT_STATUS(db)} WHERE s.id = ${id}`;
  return row ?? null;
}

/** Many by id (node loaders), in no particular order. */
export async function findStatuses(db: Db, ids: readonly number[]): Promise<StatusRow[]> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id >= 1);
  if (valid.length === 0) return [];
  return db<StatusRow[]>`${SELECT_STATUS(db)} WHERE s.id = ANY(${valid})`;
}

/** One page of a commit's statuses, newest first, and their total. */
export async function listStatuses(
  db: Db,
  repositoryId: number,
  sha: string,
  limit: number,
  offset: number,
): Promise<{ rows: StatusRow[]; total: number }> {
  const rows = await db<StatusRow[]>`${SELECT_STATUS(db)}
    WHERE s.repository_id = ${repositoryId} AND s.sha = ${sha}
    ORDER BY s.id DESC LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await db<{ total: number }[]>`SELECT count(*)::int AS total FROM commit_statuses
    WHERE repository_id = ${repositoryId} AND sha = ${sha}`;
  return { rows, total: count!.total };
}

/**
 * Each context's latest status on a commit, the oldest first (`limit` null: all), and the states of all of them (the
 * combined state covers every context, not only the page).
 */
export async function latestByContext(
  db: Db,
  repositoryId: number,
  sha: string,
  limit: number | null,
  offset = 0,
): Promise<{ rows: StatusRow[]; states: StatusState[] }> {
  const rows = await db<StatusRow[]>`${SELECT_STATUS(db)}
    JOIN commit_status_contexts c ON c.latest_id = s.id
    WHERE c.repository_id = ${repositoryId} AND c.sha = ${sha}
    ORDER BY s.id LIMIT ${limit ?? null} OFFSET ${offset}`;
  const states = await db<{ state: StatusState }[]>`SELECT s.state FROM commit_status_contexts c
    JOIN commit_statuses s ON s.id = c.latest_id
    WHERE c.repository_id = ${repositoryId} AND c.sha = ${sha}`;
  return { rows, states: states.map((r) => r.state) };
}
