// Organization.teams, Organization.team(slug:) and viewerCanCreateTeams, as
// the caller sees them (team-visibility.ts): nothing for a stranger, closed
// teams and their own secret teams for members, all for owners.
import { mayCreateTeam } from '../../access/team-access.js';
import { canMatchText } from '../../db/text-values.js';
import { searchTeams } from '../../teams/team-search-store.js';
import { teamBySlug } from '../../teams/teams-store.js';
import type { OrganizationResolvers } from '../generated/resolvers-types.js';
import { teamPage } from './team-page.js';
import { standingIn, teamsSeenIn, visibleTeam } from './team-visibility.js';

export const organizationTeamFields: Pick<OrganizationResolvers, 'teams' | 'team' | 'viewerCanCreateTeams'> = {
  teams: async (org, args, ctx) => {
    const { seen } = await teamsSeenIn(ctx, org.id);
    const filter = {
      query: args.query ?? null,
      privacy: args.privacy === 'SECRET' ? 'secret' : args.privacy === 'VISIBLE' ? 'closed' : null,
      rootOnly: args.rootTeamsOnly === true,
      userLogins: args.userLogins ?? null,
      descending: args.orderBy?.direction === 'DESC',
    } as const;
    return teamPage(args, 'teams', (page) => searchTeams(ctx.services.sql, org.id, seen, filter, page));
  },
  team: async (org, { slug }, ctx) =>
    canMatchText(slug) ? visibleTeam(ctx, await teamBySlug(ctx.services.sql, org.id, slug)) : null,
  viewerCanCreateTeams: async (org, _args, ctx) =>
    ctx.access.viewerId !== null && !ctx.access.asInstallation && mayCreateTeam(await standingIn(ctx, org.id)),
};
