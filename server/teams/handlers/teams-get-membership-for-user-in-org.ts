import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { teamMembership } from '../teams-store.js';
import { membershipView, namedUser } from './team-member-target.js';
import { teamRequest } from './team-request.js';

export const getTeamMembership: Handler<'teams/get-membership-for-user-in-org'> = async (ctx) => {
  const { team } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  const user = await namedUser(ctx, ctx.params.username);
  const membership = await teamMembership(ctx.services.sql, team.id, user.id);
  if (!membership) throw notFound();
  return { status: 200, body: membershipView(ctx, team, user, membership.role) };
};
