// Reads of teams: one team by slug, an organization's teams, a team's
// members and repositories. Who may see which is the access policy's
// (access/team-visibility.ts); these read rows only.
import type { Sql, TransactionSql } from '../db/database.js';
import type { TeamPermission, TeamRole, TeamRow } from './team-row.js';

type Db = Sql | TransactionSql;

export async function teamBySlug(sql: Db, orgId: number, slug: string): Promise<TeamRow | null> {
  const [row] = await sql<TeamRow[]>`SELECT * FROM teams WHERE org_id = ${orgId} AND lower(slug) = lower(${slug})`;
  return row ?? null;
}

export async function teamsById(sql: Db, ids: readonly number[]): Promise<Map<number, TeamRow>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<TeamRow[]>`SELECT * FROM teams WHERE id = ANY(${ids as number[]})`;
  return new Map(rows.map((row) => [row.id, row]));
}

export interface TeamMemberRow {
  team_id: number;
  user_id: number;
  role: TeamRole;
}

export async function teamMembership(sql: Db, teamId: number, userId: number): Promise<TeamMemberRow | null> {
  const [row] = await sql<
    TeamMemberRow[]
  >`SELECT * FROM team_members WHERE team_id = ${teamId} AND user_id = ${userId}`;
  return row ?? null;
}

/** The user's role in each team of the organization they are in directly. */
export async function membershipsIn(sql: Db, orgId: number, userId: number): Promise<Map<number, TeamRole>> {
  const rows = await sql<TeamMemberRow[]>`SELECT tm.* FROM team_members tm JOIN teams t ON t.id = tm.team_id
    WHERE t.org_id = ${orgId} AND tm.user_id = ${userId}`;
  return new Map(rows.map((row) => [row.team_id, row.role]));
}

export interface TeamRepositoryRow {
  team_id: number;
  repository_id: number;
  permission: TeamPermission;
}

export async function teamRepository(sql: Db, teamId: number, repositoryId: number): Promise<TeamRepositoryRow | null> {
  const [row] = await sql<TeamRepositoryRow[]>`
    SELECT * FROM team_repositories WHERE team_id = ${teamId} AND repository_id = ${repositoryId}`;
  return row ?? null;
}

/** The organization's login and the team's slug of a team named by ids (GitHub's team `url`); null when the team is not that organization's. */
export async function teamPathByIds(
  sql: Db,
  orgId: number,
  teamId: number,
): Promise<{ org: string; slug: string } | null> {
  const [row] = await sql<{ org: string; slug: string }[]>`
    SELECT o.login AS org, t.slug FROM teams t JOIN accounts o ON o.id = t.org_id
    WHERE t.id = ${teamId} AND t.org_id = ${orgId} AND o.kind = 'Organization'`;
  return row ?? null;
}
