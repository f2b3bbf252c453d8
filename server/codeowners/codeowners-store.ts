// Which owners a CODEOWNERS file names may own paths of a repository: users
// (by login) and email addresses of users holding push access there, read in
// one statement. GitHub: "The people you choose as code owners must have
// write permissions for the repository."
import { holdsPushIn } from '../access/grant-holders-sql.js';
import { teamHoldsPushIn } from '../access/team-grant-holders-sql.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export interface OwnerAccount {
  id: number;
  login: string;
  email: string | null;
}

/** The accounts among `logins` and `emails` (any case) that hold push access to `repo`. */
export async function ownersWithPush(
  sql: Sql | TransactionSql,
  repo: RepositoryRow,
  logins: readonly string[],
  emails: readonly string[],
): Promise<OwnerAccount[]> {
  if (logins.length === 0 && emails.length === 0) return [];
  return sql<OwnerAccount[]>`
    SELECT a.id, a.login, a.email FROM accounts a
    WHERE (lower(a.login) = ANY(${logins.map((l) => l.toLowerCase())}) OR lower(a.email) = ANY(${emails.map((e) => e.toLowerCase())}))
      AND ${holdsPushIn(sql, sql`${repo.id}`, sql`${repo.owner_id}`)}`;
}

export interface OwnerTeam {
  id: number;
  slug: string;
}

/** The teams of the repository's owning organization among `slugs` (any case) that hold push access to `repo`. */
export async function teamOwnersWithPush(
  sql: Sql | TransactionSql,
  repo: RepositoryRow,
  slugs: readonly string[],
): Promise<OwnerTeam[]> {
  if (slugs.length === 0 || repo.owner_kind !== 'Organization') return [];
  return sql<OwnerTeam[]>`SELECT t.id, t.slug FROM teams t
    WHERE lower(t.slug) = ANY(${slugs.map((s) => s.toLowerCase())}) AND ${teamHoldsPushIn(sql, repo.id, repo.owner_id)}`;
}
