// Organization memberships in GraphQL: a user's `organizations` and
// `organization(login:)`, an organization's `membersWithRole` (the edge
// carries the role) and the viewer's own standing in it. Which memberships a
// caller sees is access/account-listing-sql.ts's rule.
import { membersOf, membershipSeen, organizationsOf } from '../../accounts/org-memberships.js';
import { administersOrganization, mayCreateRepositoriesIn } from '../../access/organization-roles.js';
import { canMatchText } from '../../db/text-values.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { type ConnectionArgs, connection, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';

const windowOf = (args: ConnectionArgs, name: string) => {
  const window = twoWayWindow(args, name);
  return { offset: window.offset, limit: window.first, fromEnd: window.fromEnd };
};

export const userMembershipFields = {
  organizations: async (user: AccountRow, args: ConnectionArgs, ctx: GraphqlContext) => {
    const page = await organizationsOf(ctx.services.sql, ctx.principal, user.id, windowOf(args, 'organizations'));
    return connection(page.rows, page.total, { first: page.rows.length, offset: page.offset });
  },
  organization: async (user: AccountRow, args: { login: string }, ctx: GraphqlContext) => {
    const org = canMatchText(args.login) ? await ctx.services.accounts.byLogin(args.login) : null;
    if (org === null || org.kind !== 'Organization') return null;
    return (await membershipSeen(ctx.services.sql, ctx.principal, org.id, user.id)) ? org : null;
  },
};

export const organizationMembershipFields = {
  membersWithRole: async (org: AccountRow, args: ConnectionArgs, ctx: GraphqlContext) => {
    const page = await membersOf(ctx.services.sql, ctx.principal, org.id, windowOf(args, 'membersWithRole'));
    const members = connection(page.rows, page.total, { first: page.rows.length, offset: page.offset });
    const edges = members.edges.map((edge) => ({ ...edge, role: edge.node.role === 'admin' ? 'ADMIN' : 'MEMBER' }));
    return { ...members, edges } as typeof members;
  },
  viewerIsAMember: async (org: AccountRow, _args: unknown, ctx: GraphqlContext) =>
    (await ctx.loaders.viewerOrgRole.load(org.id)) !== null,
  viewerCanAdminister: async (org: AccountRow, _args: unknown, ctx: GraphqlContext) =>
    administersOrganization(await ctx.loaders.viewerOrgRole.load(org.id)),
  viewerCanCreateRepositories: async (org: AccountRow, _args: unknown, ctx: GraphqlContext) =>
    mayCreateRepositoriesIn(
      ctx.principal,
      await ctx.loaders.viewerOrgRole.load(org.id),
      org.members_can_create_repositories ?? true,
    ),
};
