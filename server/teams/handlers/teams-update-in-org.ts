import { managesTeam } from '../../access/team-access.js';
import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { updateTeam } from '../team-service.js';
import { teamInput } from './team-input.js';
import { fullBody, teamRequest } from './team-request.js';

export const updateTeamHandler: Handler<'teams/update-in-org'> = async (ctx) => {
  const { org, standing, team, role } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  if (!managesTeam(standing, role))
    throw forbidden('You must be an owner of the organization or a maintainer of the team');
  const { body } = await ctx.input();
  const updated = await updateTeam({ sql: ctx.services.sql, bus: ctx.services.bus }, team, teamInput(body));
  return { status: 200, body: await fullBody(ctx, org, updated) };
};
