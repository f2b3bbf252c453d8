import { managesTeam } from '../../access/team-access.js';
import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { removeTeamRepository } from '../team-service.js';
import { teamRepositoryTarget } from './team-repository-target.js';
import { teamRequest } from './team-request.js';

export const removeTeamRepositoryHandler: Handler<'teams/remove-repo-in-org'> = async (ctx) => {
  const { org, standing, team, role } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  if (!managesTeam(standing, role))
    throw forbidden('You must be an owner of the organization or a maintainer of the team');
  const { repo } = await teamRepositoryTarget(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { sql, bus, urls } = ctx.services;
  await removeTeamRepository({ sql, bus, events: { org, principal: ctx.principal, urls } }, team, repo.id);
  return { status: 204, body: undefined };
};
