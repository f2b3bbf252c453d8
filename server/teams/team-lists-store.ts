// The lists of teams: an organization's teams, a team's children, members and
// repositories, a repository's teams and a user's teams, each one statement
// for a page and its total. Which rows the caller sees comes in as a
// condition from the access policy (`seen`, on `t` or `r`).
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { TeamCounts } from './team-view.js';
import type { TeamPermission, TeamRow } from './team-row.js';

export interface Page {
  limit: number;
  offset: number;
}

type Counted<T> = { rows: T[]; total: number };

async function counted<T extends { total_count?: number }>(rows: T[]): Promise<Counted<Omit<T, 'total_count'>>> {
  const total = Number(rows[0]?.total_count ?? 0);
  return { rows: rows.map(({ total_count: _, ...row }) => row), total };
}

export async function teamsOf(sql: Sql, orgId: number, seen: Fragment, page: Page, parentId?: number) {
  const parent = parentId === undefined ? sql`TRUE` : sql`t.parent_team_id = ${parentId}`;
  return counted(
    await sql<(TeamRow & { total_count: number })[]>`SELECT t.*, count(*) OVER () AS total_count FROM teams t
      WHERE t.org_id = ${orgId} AND ${parent} AND ${seen}
      ORDER BY lower(t.name), t.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** The members of the team and of the teams below it (GitHub lists child teams' members too), by login. */
export async function membersOf(sql: Sql, teamId: number, role: 'member' | 'maintainer' | 'all', page: Page) {
  const roleIs = role === 'all' ? sql`TRUE` : sql`tm.role = ${role}`;
  return counted(
    await sql<(AccountRow & { total_count: number })[]>`SELECT a.*, count(*) OVER () AS total_count FROM accounts a
      WHERE a.id IN (SELECT tm.user_id FROM team_members tm JOIN team_ancestors ta ON ta.team_id = tm.team_id
                     WHERE ta.ancestor_id = ${teamId} AND ${roleIs})
      ORDER BY lower(a.login) LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** The repositories granted to the team itself that the caller sees (`seen` on `r`), by name. */
export async function repositoriesOf(sql: Sql, teamId: number, seen: Fragment, page: Page) {
  return counted(
    await sql<(RepositoryRow & { total_count: number })[]>`
      SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin, count(*) OVER () AS total_count
      FROM repositories r JOIN accounts a ON a.id = r.owner_id
      JOIN team_repositories tr ON tr.repository_id = r.id AND tr.team_id = ${teamId}
      WHERE ${seen} ORDER BY lower(r.name), r.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** The teams granted the repository (`seen` on `t`), each with its permission there. */
export async function teamsOfRepository(sql: Sql, repositoryId: number, seen: Fragment, page: Page) {
  return counted(
    await sql<(TeamRow & { granted: TeamPermission; total_count: number })[]>`
      SELECT t.*, tr.permission AS granted, count(*) OVER () AS total_count
      FROM teams t JOIN team_repositories tr ON tr.team_id = t.id AND tr.repository_id = ${repositoryId}
      WHERE ${seen} ORDER BY lower(t.name), t.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** The teams the user is a direct member of, in every organization. */
export async function teamsOfUser(sql: Sql, userId: number, page: Page) {
  return counted(
    await sql<(TeamRow & { total_count: number })[]>`SELECT t.*, count(*) OVER () AS total_count
      FROM teams t JOIN team_members tm ON tm.team_id = t.id AND tm.user_id = ${userId}
      ORDER BY t.org_id, lower(t.name), t.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** Each team's direct members and repositories. */
export async function countsOf(sql: Sql, teams: readonly TeamRow[]): Promise<Map<number, TeamCounts>> {
  if (teams.length === 0) return new Map();
  const rows = await sql<{ id: number; members: number; repos: number }[]>`
    SELECT t.id,
      (SELECT count(*) FROM team_members tm WHERE tm.team_id = t.id)::int AS members,
      (SELECT count(*) FROM team_repositories tr WHERE tr.team_id = t.id)::int AS repos
    FROM teams t WHERE t.id = ANY(${teams.map((t) => t.id)})`;
  return new Map(rows.map((r) => [r.id, { members: r.members, repos: r.repos }]));
}
