import { managesTeam } from '../../access/team-access.js';
import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { deleteTeam } from '../team-service.js';
import { teamRequest } from './team-request.js';

export const deleteTeamHandler: Handler<'teams/delete-in-org'> = async (ctx) => {
  const { org, standing, team, role } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  if (!managesTeam(standing, role))
    throw forbidden('You must be an owner of the organization or a maintainer of the team');
  const { sql, bus, urls } = ctx.services;
  await deleteTeam({ sql, bus, events: { org, principal: ctx.principal, urls } }, team);
  return { status: 204, body: undefined };
};
