// The filtered lists of teams GraphQL asks for: an organization's teams (by
// name, privacy, root teams only, with given members), a team's child teams
// and ancestors, its members (immediate, through child teams, or both) and
// its repositories, each one statement for a page and its total. Which rows
// the caller sees comes in as a condition from the access policy (`seen`,
// on `t` or `r`).
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Page } from './team-lists-store.js';
import type { TeamPermission, TeamPrivacy, TeamRole, TeamRow } from './team-row.js';

type Counted<T> = { rows: T[]; total: number };

function counted<T extends { total_count?: number }>(rows: T[]): Counted<Omit<T, 'total_count'>> {
  const total = Number(rows[0]?.total_count ?? 0);
  return { rows: rows.map(({ total_count: _, ...row }) => row), total };
}

/** `%part%` for LIKE, the part's own wildcards escaped; null for text no row can hold (a NUL). */
function containing(part: string): string | null {
  if (!canMatchText(part)) return null;
  return `%${part.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export interface TeamFilter {
  query?: string | null;
  privacy?: TeamPrivacy | null;
  rootOnly?: boolean;
  /** Teams that have at least one of these users as direct members (logins, any case). */
  userLogins?: readonly string[] | null;
  /** Teams below this one: its children, or (`allBelow`) every team under it. */
  below?: { teamId: number; allBelow: boolean };
  /** The teams above this one, itself left out. */
  above?: number;
  descending?: boolean;
}

export async function searchTeams(sql: Sql, orgId: number, seen: Fragment, filter: TeamFilter, page: Page) {
  const like = filter.query ? containing(filter.query) : undefined;
  if (like === null) return { rows: [], total: 0 };
  const conditions = [
    like === undefined ? sql`TRUE` : sql`(lower(t.name) LIKE ${like} OR lower(t.slug) LIKE ${like})`,
    filter.privacy ? sql`t.privacy = ${filter.privacy}` : sql`TRUE`,
    filter.rootOnly ? sql`t.parent_team_id IS NULL` : sql`TRUE`,
    filter.userLogins
      ? sql`EXISTS (SELECT 1 FROM team_members fm JOIN accounts fa ON fa.id = fm.user_id
          WHERE fm.team_id = t.id AND lower(fa.login) = ANY(${filter.userLogins.filter(canMatchText).map((l) => l.toLowerCase())}))`
      : sql`TRUE`,
    filter.below === undefined
      ? sql`TRUE`
      : filter.below.allBelow
        ? sql`t.id IN (SELECT team_id FROM team_ancestors WHERE ancestor_id = ${filter.below.teamId}) AND t.id <> ${filter.below.teamId}`
        : sql`t.parent_team_id = ${filter.below.teamId}`,
    filter.above === undefined
      ? sql`TRUE`
      : sql`t.id IN (SELECT ancestor_id FROM team_ancestors WHERE team_id = ${filter.above}) AND t.id <> ${filter.above}`,
  ];
  const direction = filter.descending ? sql`DESC` : sql`ASC`;
  const rows = await sql<(TeamRow & { total_count: number })[]>`
    SELECT t.*, count(*) OVER () AS total_count FROM teams t
    WHERE t.org_id = ${orgId} AND ${seen} AND ${conditions.reduce((a, b) => sql`${a} AND ${b}`)}
    ORDER BY lower(t.name) ${direction}, t.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`;
  return counted(rows);
}

export type Membership = 'ALL' | 'IMMEDIATE' | 'CHILD_TEAM';

/** The team's members, each with their role on this team (`member` for those in a child team only), by login. */
export async function searchMembers(
  sql: Sql,
  teamId: number,
  filter: { membership: Membership; role?: 'MAINTAINER' | 'MEMBER' | null; query?: string | null },
  page: Page,
) {
  const like = filter.query ? containing(filter.query) : undefined;
  if (like === null) return { rows: [], total: 0 };
  const teams =
    filter.membership === 'IMMEDIATE'
      ? sql`SELECT ${teamId}::bigint`
      : filter.membership === 'CHILD_TEAM'
        ? sql`SELECT team_id FROM team_ancestors WHERE ancestor_id = ${teamId} AND team_id <> ${teamId}`
        : sql`SELECT team_id FROM team_ancestors WHERE ancestor_id = ${teamId}`;
  const matches =
    like === undefined ? sql`TRUE` : sql`(lower(a.login) LIKE ${like} OR lower(coalesce(a.name, '')) LIKE ${like})`;
  const rows = await sql<(AccountRow & { team_role: TeamRole; total_count: number })[]>`
    SELECT m.*, count(*) OVER () AS total_count FROM (
      SELECT a.*, coalesce((SELECT own.role FROM team_members own WHERE own.team_id = ${teamId} AND own.user_id = a.id),
        'member') AS team_role
      FROM accounts a WHERE a.id IN (SELECT tm.user_id FROM team_members tm WHERE tm.team_id IN (${teams})) AND ${matches}
    ) m WHERE ${filter.role ? sql`m.team_role = ${filter.role.toLowerCase()}` : sql`TRUE`}
    ORDER BY lower(m.login), m.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  return counted(rows);
}

export type RepositoryOrder = 'NAME' | 'CREATED_AT' | 'UPDATED_AT' | 'PUSHED_AT' | 'PERMISSION';

const PERMISSION_RANK = (sql: Sql) =>
  sql`array_position(ARRAY['pull','triage','push','maintain','admin']::text[], tr.permission)`;

/** The repositories granted to the team itself that the caller sees (`seen` on `r`), each with the team's permission. */
export async function searchRepositories(
  sql: Sql,
  teamId: number,
  seen: Fragment,
  filter: { query?: string | null; order?: RepositoryOrder; descending?: boolean },
  page: Page,
) {
  const like = filter.query ? containing(filter.query) : undefined;
  if (like === null) return { rows: [], total: 0 };
  const direction = filter.descending ? sql`DESC` : sql`ASC`;
  const key = {
    NAME: sql`lower(r.name)`,
    CREATED_AT: sql`r.created_at`,
    UPDATED_AT: sql`r.updated_at`,
    PUSHED_AT: sql`r.pushed_at`,
    PERMISSION: PERMISSION_RANK(sql),
  }[filter.order ?? 'NAME'];
  const rows = await sql<(RepositoryRow & { granted: TeamPermission; total_count: number })[]>`
    SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin,
      tr.permission AS granted, count(*) OVER () AS total_count
    FROM repositories r JOIN accounts a ON a.id = r.owner_id
    JOIN team_repositories tr ON tr.repository_id = r.id AND tr.team_id = ${teamId}
    WHERE ${seen} AND ${like === undefined ? sql`TRUE` : sql`lower(r.name) LIKE ${like}`}
    ORDER BY ${key} ${direction} NULLS LAST, r.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`;
  return counted(rows);
}

/** The user's role in each of these teams they are a direct member of (one statement for a page of teams). */
export async function rolesIn(sql: Sql, userId: number, teamIds: readonly number[]): Promise<Map<number, TeamRole>> {
  if (teamIds.length === 0) return new Map();
  const rows = await sql<{ team_id: number; role: TeamRole }[]>`
    SELECT team_id, role FROM team_members WHERE user_id = ${userId} AND team_id = ANY(${teamIds as number[]})`;
  return new Map(rows.map((row) => [Number(row.team_id), row.role]));
}
