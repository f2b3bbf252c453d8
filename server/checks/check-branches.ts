// A suite's `head_branch`: the branch whose tip is the commit (the default
// branch first), from the ref mirror; null when no branch points there.
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export async function branchOfSha(db: Sql | TransactionSql, repo: RepositoryRow, sha: string): Promise<string | null> {
  const [row] = await db<{ name: string }[]>`
    SELECT name FROM repository_refs WHERE repository_id = ${repo.id} AND sha = ${sha} AND name LIKE 'refs/heads/%'
    ORDER BY name = ${`refs/heads/${repo.default_branch}`} DESC, name LIMIT 1`;
  return row ? row.name.slice('refs/heads/'.length) : null;
}
