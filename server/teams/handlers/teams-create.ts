import { mayCreateTeam, membersAmong } from '../../access/team-access.js';
import { forbidden, validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { createTeam } from '../team-service.js';
import { teamInput } from './team-input.js';
import { fullBody, orgRequest } from './team-request.js';

// Maintainers must be members of the organization and repositories its own:
// anything else is 422 naming the field, before anything is written.
export const createTeamHandler: Handler<'teams/create'> = async (ctx) => {
  const { org, standing } = await orgRequest(ctx, ctx.params.org);
  if (!mayCreateTeam(standing)) throw forbidden('You must be a member of the organization to create a team');
  const { body } = await ctx.input();
  const { sql, bus, urls } = ctx.services;
  const logins = body.maintainers ?? [];
  const maintainers = await membersAmong(sql, org.id, logins);
  if (maintainers.length !== new Set(logins.map((l) => l.toLowerCase())).size)
    throw validationFailed([{ resource: 'Team', code: 'invalid', field: 'maintainers' }]);
  const names = (body.repo_names ?? []).map((n) => n.toLowerCase());
  const repos = await sql<{ id: number }[]>`SELECT r.id FROM repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE r.owner_id = ${org.id} AND lower(a.login || '/' || r.name) = ANY(${names})`;
  if (repos.length !== new Set(names).size)
    throw validationFailed([{ resource: 'Team', code: 'invalid', field: 'repo_names' }]);
  const team = await createTeam(
    { sql, bus, events: { org, principal: ctx.principal, urls } },
    org.id,
    { ...teamInput(body), name: body.name },
    standing.userId,
    {
      maintainerIds: maintainers,
      repositoryIds: repos.map((r) => r.id),
    },
  );
  return { status: 201, body: await fullBody(ctx, org, team) };
};
