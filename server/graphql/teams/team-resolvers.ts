// Team: the row of server/teams/ in GitHub's GraphQL words (`closed` is
// VISIBLE), its lists read through team-search-store.ts a page at a time,
// each showing what the caller sees (team-visibility.ts for teams, the
// repository listing condition for repositories).
import { repositoriesSeenBy } from '../../access/account-listing-sql.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { TeamPermission, TeamRow } from '../../teams/team-row.js';
import { searchMembers, searchRepositories, searchTeams } from '../../teams/team-search-store.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { GraphqlContext } from '../core/context.js';
import type {
  RepositoryPermission,
  TeamMemberEdgeResolvers,
  TeamRepositoryEdgeResolvers,
  TeamResolvers,
} from '../generated/resolvers-types.js';
import { teamPage } from './team-page.js';
import { administersTeam, loadTeam, teamsSeenIn } from './team-visibility.js';

const PERMISSIONS: Record<TeamPermission, RepositoryPermission> = {
  pull: 'READ',
  triage: 'TRIAGE',
  push: 'WRITE',
  maintain: 'MAINTAIN',
  admin: 'ADMIN',
};

async function orgLogin(ctx: GraphqlContext, team: TeamRow): Promise<string> {
  return (await ctx.loaders.accountById.load(team.org_id))?.login ?? '';
}

const teamPath = async (ctx: GraphqlContext, team: TeamRow, page = '') =>
  `/orgs/${await orgLogin(ctx, team)}/teams/${team.slug}${page}`;

/** A path field and its URL field, of the team's page `page`. */
function pathAndUrl(page: string) {
  return {
    path: (team: TeamRow, _args: unknown, ctx: GraphqlContext) => teamPath(ctx, team, page),
    url: async (team: TeamRow, _args: unknown, ctx: GraphqlContext) =>
      ctx.services.urls.html(await teamPath(ctx, team, page)),
  };
}

const own = pathAndUrl('');
const members = pathAndUrl('/members');
const repositories = pathAndUrl('/repositories');
const teams = pathAndUrl('/teams');
const edit = pathAndUrl('/edit');

export const Team: TeamResolvers = {
  id: (team) => encodeNodeId('Team', team.id),
  databaseId: (team) => team.id,
  name: (team) => team.name,
  slug: (team) => team.slug,
  combinedSlug: async (team, _args, ctx) => `${await orgLogin(ctx, team)}/${team.slug}`,
  description: (team) => team.description,
  privacy: (team) => (team.privacy === 'secret' ? 'SECRET' : 'VISIBLE'),
  notificationSetting: (team) =>
    team.notification_setting === 'notifications_disabled' ? 'NOTIFICATIONS_DISABLED' : 'NOTIFICATIONS_ENABLED',
  createdAt: (team) => isoSeconds(team.created_at),
  updatedAt: (team) => isoSeconds(team.updated_at),
  organization: async (team, _args, ctx) => (await ctx.loaders.accountById.load(team.org_id))!,
  parentTeam: (team, _args, ctx) => (team.parent_team_id === null ? null : loadTeam(ctx, team.parent_team_id)),
  childTeams: async (team, args, ctx) => {
    const { seen } = await teamsSeenIn(ctx, team.org_id);
    const filter = {
      below: { teamId: team.id, allBelow: args.immediateOnly === false },
      userLogins: args.userLogins ?? null,
      descending: args.orderBy?.direction === 'DESC',
    };
    return teamPage(args, 'childTeams', (page) => searchTeams(ctx.services.sql, team.org_id, seen, filter, page));
  },
  ancestors: async (team, args, ctx) => {
    const { seen } = await teamsSeenIn(ctx, team.org_id);
    return teamPage(args, 'ancestors', (page) =>
      searchTeams(ctx.services.sql, team.org_id, seen, { above: team.id }, page),
    );
  },
  members: async (team, args, ctx) => {
    const filter = { membership: args.membership ?? 'ALL', role: args.role ?? null, query: args.query ?? null };
    const found = await teamPage(args, 'members', (page) => searchMembers(ctx.services.sql, team.id, filter, page));
    const edges = found.edges.map(({ cursor, node: { team_role, ...node } }) => ({
      cursor,
      node,
      role: team_role,
      team,
    }));
    return { ...found, edges, nodes: edges.map((edge) => edge.node) };
  },
  repositories: async (team, args, ctx) => {
    const seen = repositoriesSeenBy(ctx.services.sql, ctx.principal);
    const filter = {
      query: args.query ?? null,
      order: args.orderBy?.field ?? 'NAME',
      descending: args.orderBy?.direction === 'DESC',
    } as const;
    const found = await teamPage(args, 'repositories', (page) =>
      searchRepositories(ctx.services.sql, team.id, seen, filter, page),
    );
    const edges = found.edges.map(({ cursor, node: { granted, ...node } }) => ({ cursor, node, permission: granted }));
    return { ...found, edges, nodes: edges.map((edge) => edge.node) };
  },
  resourcePath: own.path,
  url: own.url,
  membersResourcePath: members.path,
  membersUrl: members.url,
  repositoriesResourcePath: repositories.path,
  repositoriesUrl: repositories.url,
  teamsResourcePath: teams.path,
  teamsUrl: teams.url,
  editTeamResourcePath: edit.path,
  editTeamUrl: edit.url,
  newTeamResourcePath: async (team, _args, ctx) => `/orgs/${await orgLogin(ctx, team)}/new-team`,
  newTeamUrl: async (team, _args, ctx) => ctx.services.urls.html(`/orgs/${await orgLogin(ctx, team)}/new-team`),
  // Wharf keeps no team avatars (GitHub's field may be null), nor subscriptions.
  avatarUrl: () => null,
  viewerCanAdminister: (team, _args, ctx) => administersTeam(ctx, team),
  viewerCanSubscribe: () => false,
  viewerSubscription: () => null,
};

export const TeamMemberEdge: TeamMemberEdgeResolvers = {
  role: (edge) => (edge.role === 'maintainer' ? 'MAINTAINER' : 'MEMBER'),
  memberAccessResourcePath: async (edge, _args, ctx) =>
    `/orgs/${await orgLogin(ctx, edge.team)}/people/${edge.node.login}`,
  memberAccessUrl: async (edge, _args, ctx) =>
    ctx.services.urls.html(`/orgs/${await orgLogin(ctx, edge.team)}/people/${edge.node.login}`),
};

export const TeamRepositoryEdge: TeamRepositoryEdgeResolvers = {
  permission: (edge) => PERMISSIONS[edge.permission],
};
