import type { Handler } from '../../http/operation-context.js';
import { fullBody, teamRequest } from './team-request.js';

export const getTeamByName: Handler<'teams/get-by-name'> = async (ctx) => {
  const { org, team } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  return { status: 200, body: await fullBody(ctx, org, team) };
};
