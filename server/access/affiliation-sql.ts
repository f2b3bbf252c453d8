// A user's affiliations read from the grants: which accounts' repositories are
// theirs to list (their own and their organizations', GitHub's `owner` and
// `organization_member`), which they collaborate on, and who may create
// repositories in an organization or fork into it (its owners, its members
// unless `members_can_create_repositories` is off, and site admins anywhere).
import type { Fragment } from 'postgres';
import type { UserRef } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

/** The user's account and the organizations they belong to, as rows of `id`. */
export const affiliatedOwners = (sql: Db, userId: number): Fragment =>
  sql`SELECT ${userId}::bigint AS id UNION SELECT org_id FROM org_members WHERE user_id = ${userId}`;

/** The repositories `r` the user is a collaborator on, where `where` holds. */
export const collaborationsOf = (sql: Db, userId: number, where: Fragment): Fragment =>
  sql`SELECT r.* FROM collaborators k JOIN repositories r ON r.id = k.repository_id WHERE k.user_id = ${userId} AND ${where}`;

/**
 * Whether the user may create repositories in the organization (or fork into
 * it): its owners, its members while `members_can_create_repositories` holds
 * (the default), or a site admin.
 */
export async function mayCreateInOrganization(
  sql: Db,
  orgId: number,
  user: Pick<UserRef, 'id' | 'siteAdmin'>,
): Promise<boolean> {
  const [membership] = await sql`SELECT 1 FROM org_members m JOIN accounts o ON o.id = m.org_id
    WHERE m.org_id = ${orgId} AND m.user_id = ${user.id} AND (m.role = 'admin' OR o.members_can_create_repositories)`;
  return Boolean(membership) || user.siteAdmin;
}
