// What every team operation starts with: the organization by login (a user's
// login or an unknown one is 404), the caller's standing in it, and the team
// by slug where the path names one; a team the caller may not see is 404,
// as a missing one (access/team-access.ts decides).
import {
  type OrgStanding,
  orgStanding,
  seesTeam,
  seesTeamsOf,
  type TeamRoleOfCaller,
} from '../../access/team-access.js';
import { notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { TeamRow } from '../team-row.js';
import { teamBySlug, teamMembership, teamsById } from '../teams-store.js';
import { publicRepositoryCount } from '../../accounts/public-repositories.js';
import { countsOf } from '../team-lists-store.js';
import { teamFullView } from '../team-view.js';

export interface OrgRequest {
  org: AccountRow;
  standing: OrgStanding;
}

export interface TeamRequest extends OrgRequest {
  team: TeamRow;
  role: TeamRoleOfCaller;
}

export async function orgRequest<K extends OperationId>(ctx: OperationContext<K>, login: string): Promise<OrgRequest> {
  const org = await ctx.services.accounts.byLogin(login);
  if (org?.kind !== 'Organization') throw notFound();
  ctx.checkScopes();
  const standing = await orgStanding(ctx.services.sql, ctx.principal, org.id);
  if (!seesTeamsOf(standing)) throw notFound();
  return { org, standing };
}

export async function teamRequest<K extends OperationId>(
  ctx: OperationContext<K>,
  login: string,
  slug: string,
): Promise<TeamRequest> {
  const { org, standing } = await orgRequest(ctx, login);
  const team = await teamBySlug(ctx.services.sql, org.id, slug);
  if (!team) throw notFound();
  const role =
    standing.userId === null ? undefined : (await teamMembership(ctx.services.sql, team.id, standing.userId))?.role;
  if (!seesTeam(standing, team, role)) throw notFound();
  return { org, standing, team, role };
}

/** The team-full body of one team. */
export async function fullBody<K extends OperationId>(ctx: OperationContext<K>, org: AccountRow, team: TeamRow) {
  const { sql, urls } = ctx.services;
  const parent =
    team.parent_team_id === null
      ? null
      : ((await teamsById(sql, [team.parent_team_id])).get(team.parent_team_id) ?? null);
  const counts = (await countsOf(sql, [team])).get(team.id) ?? { members: 0, repos: 0 };
  return teamFullView(team, org, urls, parent, counts, await publicRepositoryCount(sql, org.id));
}

/** The parents of a page of teams, by id. */
export async function parentsOf<K extends OperationId>(ctx: OperationContext<K>, teams: readonly TeamRow[]) {
  const ids = [...new Set(teams.flatMap((t) => (t.parent_team_id === null ? [] : [t.parent_team_id])))];
  return teamsById(ctx.services.sql, ids);
}
