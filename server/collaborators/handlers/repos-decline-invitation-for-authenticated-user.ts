import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { declineInvitation } from '../invitation-changes.js';

// The invitee only (anyone else: 404).
export const declineInvitationHandler: Handler<'repos/decline-invitation-for-authenticated-user'> = async (ctx) => {
  const principal = ctx.user();
  if (principal.installation) throw forbidden('Resource not accessible by integration');
  ctx.checkScopes();
  await declineInvitation(ctx.services, principal, ctx.params.invitation_id);
  return { status: 204, body: undefined };
};
