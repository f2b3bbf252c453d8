// Who may see and manage an organization's teams, GitHub's way: members of
// the organization see its closed teams, a secret team only its own members
// and the organization's owners; owners manage every team, a team's
// maintainers manage theirs; any member may create a team (GitHub's default
// "members can create teams"). An installation on the organization acts as
// an owner (its app permissions, `members`, are REST's to check); site admins
// see and manage everything. Anyone else sees no team at all (404).
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

export interface OrgStanding {
  /** The signed-in person's account id; null for an installation or an anonymous caller. */
  userId: number | null;
  role: 'admin' | 'member' | null;
  /** A site admin, or an installation on this organization. */
  owner: boolean;
}

export async function orgStanding(sql: Db, principal: Principal, orgId: number): Promise<OrgStanding> {
  if (principal.kind !== 'token') return { userId: null, role: null, owner: false };
  if (principal.installation) return { userId: null, role: null, owner: principal.installation.accountId === orgId };
  const [row] = await sql<{ role: 'admin' | 'member' }[]>`
    SELECT role FROM org_members WHERE org_id = ${orgId} AND user_id = ${principal.user.id}`;
  return { userId: principal.user.id, role: row?.role ?? null, owner: principal.user.siteAdmin };
}

export const ownsOrganization = (s: OrgStanding) => s.owner || s.role === 'admin';
export const seesTeamsOf = (s: OrgStanding) => ownsOrganization(s) || s.role !== null;
export const mayCreateTeam = seesTeamsOf;

/** The caller's role in the team, when they are a direct member of it. */
export type TeamRoleOfCaller = 'member' | 'maintainer' | undefined;

export function seesTeam(s: OrgStanding, team: { privacy: string }, role: TeamRoleOfCaller): boolean {
  if (ownsOrganization(s)) return true;
  return s.role !== null && (team.privacy === 'closed' || role !== undefined);
}

export const managesTeam = (s: OrgStanding, role: TeamRoleOfCaller) => ownsOrganization(s) || role === 'maintainer';

/** The same as seesTeam, as a condition on the team `t` of a list. */
export function teamsSeenBy(sql: Db, s: OrgStanding): Fragment {
  if (ownsOrganization(s)) return sql`TRUE`;
  if (s.role === null || s.userId === null) return sql`FALSE`;
  return sql`(t.privacy = 'closed'
    OR EXISTS (SELECT 1 FROM team_members seen_tm WHERE seen_tm.team_id = t.id AND seen_tm.user_id = ${s.userId}))`;
}

/** Whether the user is a member of the organization (a team's members must be). */
export async function isOrgMember(sql: Db, orgId: number, userId: number): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}`;
  return row !== undefined;
}

/** The ids of the organization's members among these logins (any case). */
export async function membersAmong(sql: Db, orgId: number, logins: readonly string[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`SELECT a.id FROM accounts a JOIN org_members m ON m.user_id = a.id
    WHERE m.org_id = ${orgId} AND lower(a.login) = ANY(${logins.map((l) => l.toLowerCase())})`;
  return rows.map((row) => row.id);
}
