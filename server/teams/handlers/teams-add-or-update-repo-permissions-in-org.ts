import { managesTeam } from '../../access/team-access.js';
import { forbidden, validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { setTeamRepository } from '../team-service.js';
import { teamRepositoryTarget } from './team-repository-target.js';
import { teamRequest } from './team-request.js';

// GitHub: an owner of the organization, or a maintainer of the team who
// administers the repository; the repository must be the organization's.
export const setTeamRepositoryHandler: Handler<'teams/add-or-update-repo-permissions-in-org'> = async (ctx) => {
  const { org, standing, team, role } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  if (!managesTeam(standing, role))
    throw forbidden('You must be an owner of the organization or a maintainer of the team');
  const { repo } = await teamRepositoryTarget(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  if (repo.owner_id !== org.id)
    throw validationFailed([
      {
        resource: 'TeamRepository',
        code: 'custom',
        field: 'repository',
        message: `Repository must belong to ${org.login}`,
      },
    ]);
  const { body } = await ctx.input();
  const { sql, bus, urls } = ctx.services;
  const events = { org, principal: ctx.principal, urls };
  await setTeamRepository({ sql, bus, events }, team, repo.id, body?.permission ?? 'push');
  return { status: 204, body: undefined };
};
