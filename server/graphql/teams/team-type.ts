// The GraphQL `Team` (minimal: what review requests show): a team row as its
// node id, database id, name, slug, organization and page URL. Helper work on
// GraphQL teams (Organization.teams, node lookup) extends this type.
import { encodeNodeId } from '../../ids/node-id.js';
import type { TeamResolvers } from '../generated/resolvers-types.js';

export const Team: TeamResolvers = {
  id: (team) => encodeNodeId('Team', team.id),
  databaseId: (team) => team.id,
  organization: async (team, _args, ctx) => (await ctx.loaders.accountById.load(team.org_id))!,
  url: async (team, _args, ctx) => {
    const org = (await ctx.loaders.accountById.load(team.org_id))!;
    return ctx.services.urls.html(`/orgs/${org.login}/teams/${team.slug}`);
  },
};
