// What the viewer may do in an organization, from their role in it (GraphQL's
// viewerCanAdminister, viewerCanCreateRepositories): admins administer;
// members create repositories unless the organization turned
// `members_can_create_repositories` off (affiliation-sql.ts), and site admins anywhere. An
// installation is no member (its role is null), as on GitHub's viewer fields.
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';

export type OrganizationRole = 'admin' | 'member' | null;

export const administersOrganization = (role: OrganizationRole) => role === 'admin';

export function mayCreateRepositoriesIn(
  principal: Principal,
  role: OrganizationRole,
  membersCanCreate = true,
): boolean {
  if (role === 'admin' || (role === 'member' && membersCanCreate)) return true;
  return principal.kind === 'token' && !principal.installation && principal.user.siteAdmin;
}

/** The user's role in each of these organizations (absent: not a member), in one statement. */
export async function rolesIn(
  sql: Sql,
  userId: number,
  orgIds: readonly number[],
): Promise<Map<number, 'admin' | 'member'>> {
  const rows = await sql<{ org_id: number; role: 'admin' | 'member' }[]>`
    SELECT org_id, role FROM org_members WHERE user_id = ${userId} AND org_id = ANY(${orgIds as number[]})`;
  return new Map(rows.map((row) => [row.org_id, row.role]));
}
