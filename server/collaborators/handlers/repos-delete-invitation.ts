import type { Handler } from '../../http/operation-context.js';
import { cancelInvitation } from '../invitation-changes.js';
import { collaboratorsRepository } from './collaborators-access.js';

// Admins only; an invitation of another repository is 404.
export const deleteInvitation: Handler<'repos/delete-invitation'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'manage');
  await cancelInvitation(ctx.services, repo, ctx.params.invitation_id);
  return { status: 204, body: undefined };
};
