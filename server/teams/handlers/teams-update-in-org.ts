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
  const { sql, bus, urls } = ctx.services;
  const updated = await updateTeam(
    { sql, bus, events: { org, principal: ctx.principal, urls } },
    team,
    teamInput(body),
  );
  return { status: 200, body: await fullBody(ctx, org, updated) };
};
