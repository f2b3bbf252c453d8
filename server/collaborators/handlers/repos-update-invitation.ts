import type { Handler } from '../../http/operation-context.js';
import { isPermission } from '../../access/permissions.js';
import { invitationView, peopleOf } from '../invitation-view.js';
import { changeInvitationPermission } from '../invitation-changes.js';
import { collaboratorsRepository } from './collaborators-access.js';

// Admins only: the permission the invitee will get (a body without it changes nothing).
export const updateInvitation: Handler<'repos/update-invitation'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'manage');
  const { body } = await ctx.input();
  const wanted = body?.permissions;
  const row = await changeInvitationPermission(
    ctx.services,
    repo,
    ctx.params.invitation_id,
    isPermission(wanted) ? wanted : null,
  );
  const people = await ctx.services.accounts.byIds(peopleOf([row]));
  return { status: 200, body: invitationView(row, repo, people, ctx.services.urls) };
};
