// The rows of pull requests' auto-merge requests (migration 045): written by
// the enabling and disabling changes, marked due by the triggers of the
// changes that may let them merge, and leased by the workers that try them.
import type { Sql, TransactionSql } from '../../db/database.js';
import type { MergeMethod } from '../merge/merge-pull.js';

type Db = Sql | TransactionSql;

export const AUTO_MERGE_CHANNEL = 'wharf_auto_merge';

export interface AutoMergeRequest {
  issue_id: number;
  repository_id: number;
  enabled_by_id: number;
  /** Enabled with an installation token: the app merges (with the installation as it is then). */
  installation_id: number | null;
  merge_method: MergeMethod;
  commit_title: string | null;
  commit_message: string | null;
  enabled_at: Date;
}

const COLUMNS = (db: Db) =>
  db`issue_id, repository_id, enabled_by_id, installation_id, merge_method, commit_title, commit_message, enabled_at`;

/** Enables or changes the request; it is due at once (it may be mergeable already) and the workers are woken at commit. */
export async function saveAutoMerge(tx: TransactionSql, request: Omit<AutoMergeRequest, 'enabled_at'>): Promise<void> {
  await tx`INSERT INTO pull_auto_merges ${tx(request)}
    ON CONFLICT (issue_id) DO UPDATE SET enabled_by_id = EXCLUDED.enabled_by_id,
      installation_id = EXCLUDED.installation_id, merge_method = EXCLUDED.merge_method,
      commit_title = EXCLUDED.commit_title, commit_message = EXCLUDED.commit_message,
      enabled_at = now(), due_at = now(), last_refusal = NULL`;
  await tx`SELECT pg_notify(${AUTO_MERGE_CHANNEL}, '')`;
}

/** False when the pull request had none. */
export async function deleteAutoMerge(tx: TransactionSql, issueId: number): Promise<boolean> {
  const deleted = await tx`DELETE FROM pull_auto_merges WHERE issue_id = ${issueId}`;
  return deleted.count > 0;
}

export async function autoMergeOf(db: Db, issueId: number): Promise<AutoMergeRequest | null> {
  const [row] = await db<AutoMergeRequest[]>`SELECT ${COLUMNS(db)} FROM pull_auto_merges WHERE issue_id = ${issueId}`;
  return row ? normalize(row) : null;
}

/** The requests of these pull requests, by issue id (GraphQL's `autoMergeRequest`, batched). */
export async function autoMergesOf(db: Db, issueIds: readonly number[]): Promise<Map<number, AutoMergeRequest>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db<AutoMergeRequest[]>`
    SELECT ${COLUMNS(db)} FROM pull_auto_merges WHERE issue_id = ANY(${issueIds as number[]}::bigint[])`;
  return new Map(rows.map((row) => [Number(row.issue_id), normalize(row)]));
}

/**
 * Leases up to `batch` due requests for `leaseMs`: due ones, and ones whose
 * lease ran out (a process that died while trying). The due mark is taken
 * with the lease, so a change during the attempt marks it due again.
 */
export async function claimDueAutoMerges(sql: Sql, batch: number, leaseMs: number): Promise<AutoMergeRequest[]> {
  const rows = await sql<AutoMergeRequest[]>`
    UPDATE pull_auto_merges a SET lease_until = now() + ${leaseMs} * interval '1 millisecond', due_at = NULL
    FROM (SELECT issue_id FROM pull_auto_merges
          WHERE (due_at IS NOT NULL AND (lease_until IS NULL OR lease_until < now())) OR lease_until < now()
          ORDER BY due_at NULLS FIRST LIMIT ${batch} FOR UPDATE SKIP LOCKED) due
    WHERE a.issue_id = due.issue_id
    RETURNING a.issue_id, a.repository_id, a.enabled_by_id, a.installation_id, a.merge_method,
      a.commit_title, a.commit_message, a.enabled_at`;
  return rows.map(normalize);
}

/** The attempt is over: the lease goes; `refusal` says why it did not merge (null: it did, or it stopped). */
export async function releaseAutoMerge(sql: Sql, issueId: number, refusal: string | null): Promise<void> {
  await sql`UPDATE pull_auto_merges SET lease_until = NULL, last_refusal = ${refusal} WHERE issue_id = ${issueId}`;
}

function normalize(row: AutoMergeRequest): AutoMergeRequest {
  return {
    ...row,
    issue_id: Number(row.issue_id),
    repository_id: Number(row.repository_id),
    enabled_by_id: Number(row.enabled_by_id),
    installation_id: row.installation_id === null ? null : Number(row.installation_id),
  };
}
