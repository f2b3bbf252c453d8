// The rows of the license backfill (license-backfill.ts): claimed one at a
// time under a row lock that other servers skip, so any number of processes
// share the work and none detects a repository twice.
import type { Sql, TransactionSql } from '../db/database.js';
import { publish } from '../db/cache-invalidation.js';
import type { StoredLicense } from '../repos/license-simple.js';

export interface PendingLicense {
  id: number;
  /** The default branch's head in the ref mirror; null for an empty repository. */
  head: string | null;
}

export async function countPendingLicenses(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM repositories WHERE license_pending`;
  return row?.n ?? 0;
}

/** The next flagged repository no other process holds, locked until `tx` ends; undefined when none is left. */
export async function claimPendingLicense(tx: TransactionSql): Promise<PendingLicense | undefined> {
  const [row] = await tx<PendingLicense[]>`
    SELECT r.id, ref.sha AS head
    FROM repositories r
    LEFT JOIN repository_refs ref ON ref.repository_id = r.id AND ref.name = 'refs/heads/' || r.default_branch
    WHERE r.license_pending
    ORDER BY r.id
    LIMIT 1
    FOR UPDATE OF r SKIP LOCKED`;
  return row;
}

/** Clears the flag; with a license (or null for none) also stores it and lets every process's cached row go. */
export async function finishPendingLicense(
  tx: TransactionSql,
  id: number,
  license: StoredLicense | null | undefined,
): Promise<void> {
  if (license === undefined) {
    await tx`UPDATE repositories SET license_pending = false WHERE id = ${id}`;
    return;
  }
  await tx`UPDATE repositories SET license = ${license === null ? null : tx.json(license as never)}, license_pending = false
           WHERE id = ${id}`;
  await publish(tx, `repo:${id}`);
}
