// Who may be assigned to a repository's issues: users with push access (the
// owner, write/admin collaborators, admins of the owning organization), as on
// GitHub. Anyone else named as an assignee is 422 {Issue, assignees, invalid}.
import { holdsPushIn } from '../access/grant-holders-sql.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { validationFailed } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { AccountRef } from '../repos/user-view.js';

type Db = Sql | TransactionSql;

/**
 * Whether account `a` may be assigned in the repository whose id and owner's
 * id are `repositoryId` and `ownerId` (values, or columns of a query over
 * many repositories: GraphQL's assignableUsers): the policy's push holders.
 */
export const assignableIn = holdsPushIn;

export const assignable = (sql: Db, repo: RepositoryRow) => assignableIn(sql, sql`${repo.id}`, sql`${repo.owner_id}`);

export const invalidAssignees = () => validationFailed([{ resource: 'Issue', field: 'assignees', code: 'invalid' }]);

/** The accounts of `logins` (case-insensitive, in the order given, without repeats); 422 if any cannot be assigned. */
export async function resolveAssignees(sql: Db, repo: RepositoryRow, logins: readonly string[]): Promise<AccountRef[]> {
  const wanted = [...new Set(logins.map((login) => login.toLowerCase()))];
  if (wanted.length === 0) return [];
  if (wanted.some((login) => login.includes('\u0000'))) throw invalidAssignees();
  const rows = await sql<AccountRef[]>`
    SELECT a.id, a.login, a.kind, a.site_admin FROM accounts a
    WHERE lower(a.login) = ANY(${wanted}) AND ${assignable(sql, repo)}`;
  const byLogin = new Map(rows.map((row) => [row.login.toLowerCase(), row]));
  const found = wanted.map((login) => byLogin.get(login));
  if (found.some((row) => !row)) throw invalidAssignees();
  return found as AccountRef[];
}

export async function isAssignable(sql: Sql, repo: RepositoryRow, login: string): Promise<boolean> {
  if (login.includes('\u0000')) return false;
  const [row] = await sql`SELECT 1 FROM accounts a WHERE lower(a.login) = lower(${login}) AND ${assignable(sql, repo)}`;
  return row !== undefined;
}

export async function listAssignable(
  sql: Sql,
  repo: RepositoryRow,
  limit: number,
  offset: number,
): Promise<{ rows: AccountRef[]; total: number }> {
  const rows = await sql<(AccountRef & { total: number })[]>`
    SELECT a.id, a.login, a.kind, a.site_admin, count(*) OVER () AS total FROM accounts a
    WHERE ${assignable(sql, repo)} ORDER BY lower(a.login) LIMIT ${limit} OFFSET ${offset}`;
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Adds the assignees not already assigned; returns those added. */
export async function addAssignees(tx: TransactionSql, issueId: number, accounts: AccountRef[]): Promise<AccountRef[]> {
  const added: AccountRef[] = [];
  for (const account of accounts) {
    const inserted =
      await tx`INSERT INTO issue_assignees (issue_id, user_id) VALUES (${issueId}, ${account.id}) ON CONFLICT DO NOTHING`;
    if (inserted.count > 0) added.push(account);
  }
  return added;
}

/** Removes the given assignees; returns those that were assigned. */
export async function removeAssignees(
  tx: TransactionSql,
  issueId: number,
  accounts: AccountRef[],
): Promise<AccountRef[]> {
  const removed: AccountRef[] = [];
  for (const account of accounts) {
    const deleted = await tx`DELETE FROM issue_assignees WHERE issue_id = ${issueId} AND user_id = ${account.id}`;
    if (deleted.count > 0) removed.push(account);
  }
  return removed;
}
