// Check suites in PostgreSQL: one per repository, head sha and app.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { CheckRunRow, CheckSuiteRow } from './check-rows.js';
import { suiteState } from './check-suite-state.js';

type Db = Sql | TransactionSql;

const SELECT_SUITE = (db: Db) => db`
  SELECT s.*, (SELECT count(DISTINCT r.name)::int FROM check_runs r WHERE r.suite_id = s.id) AS latest_check_runs_count
  FROM check_suites s`;

export async function findSuite(db: Db, repositoryId: number, id: number, lock = false): Promise<CheckSuiteRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  if (lock) await db`SELECT 1 FROM check_suites WHERE id = ${id} AND repository_id = ${repositoryId} FOR UPDATE`;
  const [row] = await db<CheckSuiteRow[]>`${SELECT_SUITE(db)} WHERE s.repository_id = ${repositoryId} AND s.id = ${id}`;
  return row ?? null;
}

export interface NewSuite {
  repositoryId: number;
  appId: number;
  headSha: string;
  headBranch: string | null;
  before: string | null;
  after: string | null;
  createdBy: 'push' | 'api';
}

/** The app's suite for the sha, made if missing; `created` tells which. */
export async function ensureSuite(
  tx: TransactionSql,
  s: NewSuite,
): Promise<{ suite: CheckSuiteRow; created: boolean }> {
  const [inserted] = await tx<{ id: number }[]>`
    INSERT INTO check_suites (repository_id, app_id, head_sha, head_branch, before_sha, after_sha, created_by)
    VALUES (${s.repositoryId}, ${s.appId}, ${s.headSha}, ${s.headBranch}, ${s.before}, ${s.after}, ${s.createdBy})
    ON CONFLICT (repository_id, head_sha, app_id) DO NOTHING RETURNING id`;
  const [existing] = inserted
    ? [inserted]
    : await tx<{ id: number }[]>`
    SELECT id FROM check_suites WHERE repository_id = ${s.repositoryId} AND head_sha = ${s.headSha} AND app_id = ${s.appId}`;
  return { suite: (await findSuite(tx, s.repositoryId, existing!.id, true))!, created: Boolean(inserted) };
}

export interface SuiteFilter {
  appId?: number;
  checkName?: string;
}

/** A commit's suites, oldest first, and the total. */
export async function listSuitesForSha(
  db: Db,
  repositoryId: number,
  sha: string,
  filter: SuiteFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CheckSuiteRow[]; total: number }> {
  // No run's name holds a NUL (PostgreSQL text cannot): such a filter matches nothing rather than failing the query.
  if (filter.checkName !== undefined && !canMatchText(filter.checkName)) return { rows: [], total: 0 };
  const where = db`s.repository_id = ${repositoryId} AND s.head_sha = ${sha}
    ${filter.appId !== undefined ? db`AND s.app_id = ${filter.appId}` : db``}
    ${filter.checkName !== undefined ? db`AND EXISTS (SELECT 1 FROM check_runs r WHERE r.suite_id = s.id AND r.name = ${filter.checkName})` : db``}`;
  const rows = await db<
    CheckSuiteRow[]
  >`${SELECT_SUITE(db)} WHERE ${where} ORDER BY s.id LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await db<{ total: number }[]>`SELECT count(*)::int AS total FROM check_suites s WHERE ${where}`;
  return { rows, total: count!.total };
}

/**
 * Derives the suite's status and conclusion from its latest run of each name
 * (check-suite-state.ts) and stores them; returns the suite before and after.
 */
export async function refreshSuite(tx: TransactionSql, suite: CheckSuiteRow): Promise<CheckSuiteRow> {
  const runs = await tx<Pick<CheckRunRow, 'status' | 'conclusion'>[]>`
    SELECT DISTINCT ON (name) status, conclusion FROM check_runs WHERE suite_id = ${suite.id} ORDER BY name, id DESC`;
  const state = suiteState(runs);
  if (state.status !== suite.status || state.conclusion !== suite.conclusion) {
    await tx`UPDATE check_suites SET status = ${state.status}, conclusion = ${state.conclusion}, updated_at = now() WHERE id = ${suite.id}`;
  }
  return (await findSuite(tx, suite.repository_id, suite.id))!;
}

/** GitHub's rerequest: the suite goes back to queued, its conclusion cleared (its runs are left as they are). */
export async function requeueSuite(tx: TransactionSql, suite: CheckSuiteRow): Promise<CheckSuiteRow> {
  await tx`UPDATE check_suites SET status = 'queued', conclusion = NULL, updated_at = now() WHERE id = ${suite.id}`;
  return (await findSuite(tx, suite.repository_id, suite.id))!;
}
