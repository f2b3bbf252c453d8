// Issue numbers: one sequence per repository, shared with pull requests (a
// pull request takes its number here too). The counter row is locked by the
// upsert until the caller's transaction ends, so concurrent creates get
// distinct, consecutive numbers and a rolled-back create leaves no gap.
import type { TransactionSql } from '../db/database.js';

export async function nextIssueNumber(tx: TransactionSql, repositoryId: number): Promise<number> {
  const [row] = await tx<{ last_number: number }[]>`
    INSERT INTO issue_number_counters (repository_id, last_number) VALUES (${repositoryId}, 1)
    ON CONFLICT (repository_id) DO UPDATE SET last_number = issue_number_counters.last_number + 1
    RETURNING last_number`;
  return row!.last_number;
}
