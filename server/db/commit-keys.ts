// Many commits of many repositories as one relation: the batch reads keyed by
// commit (checks, statuses) join it, so a page of commits costs one statement.
import type { Sql, TransactionSql } from './database.js';

/** A commit of a repository: what the per-commit batch reads are keyed by. */
export interface CommitKey {
  repositoryId: number;
  sha: string;
}

/** The keys as `k(repository_id, sha)`, to join in a FROM clause. */
export const commitKeys = (db: Sql | TransactionSql, keys: readonly CommitKey[]) =>
  db`unnest(${keys.map((k) => k.repositoryId)}::bigint[], ${keys.map((k) => k.sha)}::text[]) AS k(repository_id, sha)`;
