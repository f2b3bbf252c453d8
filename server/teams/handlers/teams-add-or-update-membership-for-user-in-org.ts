import { isOrgMember, managesTeam } from '../../access/team-access.js';
import { forbidden, validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { setTeamMember } from '../team-service.js';
import { membershipView, namedUser } from './team-member-target.js';
import { teamRequest } from './team-request.js';

// GitHub invites a non-member to the organization here; Wharf's organization
// invitations are their own operation, so a non-member is 422 (invite first).
export const setTeamMembership: Handler<'teams/add-or-update-membership-for-user-in-org'> = async (ctx) => {
  const { org, standing, team, role } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  if (!managesTeam(standing, role))
    throw forbidden('You must be an owner of the organization or a maintainer of the team');
  const user = await namedUser(ctx, ctx.params.username);
  const { body } = await ctx.input();
  const { sql, bus, urls } = ctx.services;
  if (!(await isOrgMember(sql, org.id, user.id)))
    throw validationFailed([
      {
        resource: 'TeamMember',
        code: 'custom',
        field: 'user',
        message: `${user.login} is not a member of ${org.login}`,
      },
    ]);
  const newRole = body.role ?? 'member';
  await setTeamMember({ sql, bus, events: { org, principal: ctx.principal, urls } }, team, user.id, newRole);
  return { status: 200, body: membershipView(ctx, team, user, newRole) };
};
