import { managesTeam } from '../../access/team-access.js';
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { removeTeamMember } from '../team-service.js';
import { namedUser } from './team-member-target.js';
import { teamRequest } from './team-request.js';

export const removeTeamMembership: Handler<'teams/remove-membership-for-user-in-org'> = async (ctx) => {
  const { org, standing, team, role } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  if (!managesTeam(standing, role))
    throw forbidden('You must be an owner of the organization or a maintainer of the team');
  const user = await namedUser(ctx, ctx.params.username);
  const { sql, bus, urls } = ctx.services;
  const events = { org, principal: ctx.principal, urls };
  if (!(await removeTeamMember({ sql, bus, events }, team, user.id))) throw notFound();
  return { status: 204, body: undefined };
};
