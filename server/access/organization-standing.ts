// Where a caller stands in an organization, for the organization's own
// operations (profile settings, members, memberships, invitations, outside
// collaborators): `owner` manages (role admin, site admins, and an
// installation on the organization itself, whose app permissions — `members`,
// `organization_administration` — each operation declares and the pipeline
// checks), `member` reads member lists, anyone else is an `outsider` who sees
// public memberships only.
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';

export type OrganizationStanding = 'owner' | 'member' | 'outsider';

export async function standingIn(
  sql: Sql | TransactionSql,
  principal: Principal,
  orgId: number,
): Promise<OrganizationStanding> {
  if (principal.kind !== 'token') return 'outsider';
  if (principal.installation) return principal.installation.accountId === orgId ? 'owner' : 'outsider';
  const [row] = await sql<{ role: 'admin' | 'member' }[]>`
    SELECT role FROM org_members WHERE org_id = ${orgId} AND user_id = ${principal.user.id}`;
  if (row?.role === 'admin' || principal.user.siteAdmin) return 'owner';
  return row ? 'member' : 'outsider';
}

/** Fellow members and owners see every membership; outsiders the public ones only. */
export const seesPrivateMemberships = (standing: OrganizationStanding) => standing !== 'outsider';

/**
 * A user's organizations as `GET /users/{username}/orgs` lists them: GitHub
 * shows public memberships only, whoever asks; the user themselves (and site
 * admins) see all of theirs.
 */
export function seesAllOrganizationsOf(principal: Principal, userId: number): boolean {
  if (principal.kind !== 'token' || principal.installation) return false;
  return principal.user.id === userId || principal.user.siteAdmin;
}
