// Check runs and their annotations in PostgreSQL. A run's annotations are
// appended by each create or update that carries some; its
// `annotations_count` is kept with them in the same statement's transaction.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type {
  CheckAction,
  CheckAnnotationInput,
  CheckAnnotationRow,
  CheckConclusion,
  CheckRunRow,
  CheckStatus,
} from './check-rows.js';

type Db = Sql | TransactionSql;

export async function findRun(db: Db, repositoryId: number, id: number, lock = false): Promise<CheckRunRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db<CheckRunRow[]>`SELECT * FROM check_runs WHERE repository_id = ${repositoryId} AND id = ${id}
    ${lock ? db`FOR UPDATE` : db``}`;
  return row ?? null;
}

/** The fields create and update set; undefined leaves a field as it is (update) or unset (create). */
export interface RunValues {
  name?: string;
  status?: CheckStatus;
  conclusion?: CheckConclusion | null;
  started_at?: Date | null;
  completed_at?: Date | null;
  external_id?: string | null;
  details_url?: string | null;
  output_title?: string | null;
  output_summary?: string | null;
  output_text?: string | null;
  actions?: CheckAction[];
}

export async function insertRun(
  tx: TransactionSql,
  suite: { id: number; repository_id: number; app_id: number; head_sha: string },
  values: RunValues & { name: string; status: CheckStatus },
): Promise<CheckRunRow> {
  const [row] = await tx<CheckRunRow[]>`INSERT INTO check_runs
      (suite_id, repository_id, app_id, head_sha, name, status, conclusion, started_at, completed_at, external_id, details_url,
       output_title, output_summary, output_text, actions)
    VALUES (${suite.id}, ${suite.repository_id}, ${suite.app_id}, ${suite.head_sha}, ${values.name}, ${values.status},
            ${values.conclusion ?? null}, ${values.started_at ?? tx`now()`}, ${values.completed_at ?? null}, ${values.external_id ?? null},
            ${values.details_url ?? null}, ${values.output_title ?? null}, ${values.output_summary ?? null}, ${values.output_text ?? null},
            ${tx.json((values.actions ?? []) as never)})
    RETURNING *`;
  return row!;
}

export async function updateRun(tx: TransactionSql, run: CheckRunRow, values: RunValues): Promise<CheckRunRow> {
  const next = {
    ...run,
    ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)),
  } as CheckRunRow;
  const [row] = await tx<
    CheckRunRow[]
  >`UPDATE check_runs SET name = ${next.name}, status = ${next.status}, conclusion = ${next.conclusion},
      started_at = ${next.started_at}, completed_at = ${next.completed_at}, external_id = ${next.external_id}, details_url = ${next.details_url},
      output_title = ${next.output_title}, output_summary = ${next.output_summary}, output_text = ${next.output_text},
      actions = ${tx.json(next.actions as never)}, updated_at = now()
    WHERE id = ${run.id} RETURNING *`;
  return row!;
}

export async function appendAnnotations(
  tx: TransactionSql,
  run: CheckRunRow,
  annotations: readonly CheckAnnotationInput[],
): Promise<CheckRunRow> {
  if (annotations.length === 0) return run;
  const rows = annotations.map((a) => ({
    run_id: run.id,
    path: a.path,
    start_line: a.start_line,
    end_line: a.end_line,
    start_column: a.start_column ?? null,
    end_column: a.end_column ?? null,
    annotation_level: a.annotation_level,
    message: a.message,
    title: a.title ?? null,
    raw_details: a.raw_details ?? null,
  }));
  await tx`INSERT INTO check_annotations ${tx(rows)}`;
  const [row] = await tx<CheckRunRow[]>`UPDATE check_runs SET annotations_count = annotations_count + ${rows.length}
    WHERE id = ${run.id} RETURNING *`;
  return row!;
}

export async function listAnnotations(
  db: Db,
  runId: number,
  limit: number,
  offset: number,
): Promise<CheckAnnotationRow[]> {
  return db<
    CheckAnnotationRow[]
  >`SELECT * FROM check_annotations WHERE run_id = ${runId} ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
}

export interface RunFilter {
  checkName?: string;
  status?: CheckStatus;
  /** `latest` (GitHub's default): only the newest run of each name in each suite. */
  filter?: 'latest' | 'all';
  appId?: number;
}

/** Runs of a commit (`sha`) or of a suite (`suiteId`), newest first, and the total. */
export async function listRuns(
  db: Db,
  repositoryId: number,
  of: { sha: string } | { suiteId: number },
  f: RunFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CheckRunRow[]; total: number }> {
  // No run's name holds a NUL (PostgreSQL text cannot): such a filter matches nothing rather than failing the query.
  if (f.checkName !== undefined && !canMatchText(f.checkName)) return { rows: [], total: 0 };
  const scope = 'sha' in of ? db`r.head_sha = ${of.sha}` : db`r.suite_id = ${of.suiteId}`;
  const base = db`SELECT ${f.filter === 'all' ? db`` : db`DISTINCT ON (r.suite_id, r.name)`} r.* FROM check_runs r
    WHERE r.repository_id = ${repositoryId} AND ${scope}
    ${f.appId !== undefined ? db`AND r.app_id = ${f.appId}` : db``}
    ${f.checkName !== undefined ? db`AND r.name = ${f.checkName}` : db``}
    ${f.filter === 'all' ? db`` : db`ORDER BY r.suite_id, r.name, r.id DESC`}`;
  const status = f.status !== undefined ? db`WHERE x.status = ${f.status}` : db``;
  const rows = await db<
    CheckRunRow[]
  >`SELECT x.* FROM (${base}) x ${status} ORDER BY x.id DESC LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await db<{ total: number }[]>`SELECT count(*)::int AS total FROM (${base}) x ${status}`;
  return { rows, total: count!.total };
}
