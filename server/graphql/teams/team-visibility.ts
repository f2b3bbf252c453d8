// Which teams a GraphQL caller sees, by the policy's rules
// (access/team-access.ts, access/team-reads.ts): an organization's closed
// teams to its members, a secret team to its members and the owners, none to
// anyone else nor to an installation without `members`. The caller's
// standing in an organization is read once per request; teams by id and the
// caller's roles in them through loaders, so a page of teams costs one
// statement each, not one per team.
import DataLoader from 'dataloader';
import { type OrgStanding, seesTeam, teamsSeenBy, managesTeam } from '../../access/team-access.js';
import { teamReaderStanding } from '../../access/team-reads.js';
import { rolesIn } from '../../teams/team-search-store.js';
import { teamsById } from '../../teams/teams-store.js';
import type { TeamRole, TeamRow } from '../../teams/team-row.js';
import type { GraphqlContext } from '../core/context.js';

interface TeamLoaders {
  standings: Map<number, Promise<OrgStanding>>;
  teams: DataLoader<number, TeamRow | null>;
  roles: DataLoader<number, TeamRole | null>;
}

const perRequest = new WeakMap<GraphqlContext['loaders'], TeamLoaders>();

function loaders(ctx: GraphqlContext): TeamLoaders {
  let found = perRequest.get(ctx.loaders);
  if (!found) {
    const { sql } = ctx.services;
    const userId = ctx.principal.kind === 'token' && !ctx.principal.installation ? ctx.principal.user.id : null;
    found = {
      standings: new Map(),
      teams: new DataLoader(async (ids) => {
        const rows = await teamsById(sql, ids);
        return ids.map((id) => rows.get(id) ?? null);
      }),
      roles: new DataLoader(async (ids) => {
        const roles = userId === null ? new Map<number, TeamRole>() : await rolesIn(sql, userId, ids);
        return ids.map((id) => roles.get(id) ?? null);
      }),
    };
    perRequest.set(ctx.loaders, found);
  }
  return found;
}

export function standingIn(ctx: GraphqlContext, orgId: number): Promise<OrgStanding> {
  const { standings } = loaders(ctx);
  let standing = standings.get(orgId);
  if (!standing) standings.set(orgId, (standing = teamReaderStanding(ctx.services.sql, ctx.principal, orgId)));
  return standing;
}

async function roleIn(ctx: GraphqlContext, standing: OrgStanding, team: TeamRow) {
  return standing.userId === null ? undefined : ((await loaders(ctx).roles.load(team.id)) ?? undefined);
}

/** The team when the caller sees it, else null (a team it may not see is reported as missing). */
export async function visibleTeam(ctx: GraphqlContext, team: TeamRow | null): Promise<TeamRow | null> {
  if (team === null) return null;
  const standing = await standingIn(ctx, team.org_id);
  return seesTeam(standing, team, await roleIn(ctx, standing, team)) ? team : null;
}

/** The team behind a database id, when the caller sees it. */
export async function loadTeam(ctx: GraphqlContext, id: number): Promise<TeamRow | null> {
  return visibleTeam(ctx, await loaders(ctx).teams.load(id));
}

/**
 * The condition on `t` of the organization's teams the caller sees, in a
 * holder: a postgres.js fragment is a thenable, and an async function that
 * returned it bare would run it as a statement.
 */
export async function teamsSeenIn(ctx: GraphqlContext, orgId: number) {
  const standing = await standingIn(ctx, orgId);
  return { seen: teamsSeenBy(ctx.services.sql, standing) };
}

/** `viewerCanAdminister`: an owner of the organization, or a maintainer of the team. */
export async function administersTeam(ctx: GraphqlContext, team: TeamRow): Promise<boolean> {
  const standing = await standingIn(ctx, team.org_id);
  return managesTeam(standing, await roleIn(ctx, standing, team));
}
