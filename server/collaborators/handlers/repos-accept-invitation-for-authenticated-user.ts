import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { acceptInvitation } from '../invitation-changes.js';

// The invitee only (anyone else: 404); the grant commits with the invitation's removal.
export const acceptInvitationHandler: Handler<'repos/accept-invitation-for-authenticated-user'> = async (ctx) => {
  const principal = ctx.user();
  if (principal.installation) throw forbidden('Resource not accessible by integration');
  ctx.checkScopes();
  await acceptInvitation(ctx.services, principal, ctx.params.invitation_id);
  return { status: 204, body: undefined };
};
