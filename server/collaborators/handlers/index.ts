// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { acceptInvitationHandler } from './repos-accept-invitation-for-authenticated-user.js';
import { addCollaboratorHandler } from './repos-add-collaborator.js';
import { checkCollaborator } from './repos-check-collaborator.js';
import { declineInvitationHandler } from './repos-decline-invitation-for-authenticated-user.js';
import { deleteInvitation } from './repos-delete-invitation.js';
import { getCollaboratorPermissionLevel } from './repos-get-collaborator-permission-level.js';
import { listCollaborators } from './repos-list-collaborators.js';
import { listInvitationsForAuthenticatedUser } from './repos-list-invitations-for-authenticated-user.js';
import { listInvitations } from './repos-list-invitations.js';
import { removeCollaboratorHandler } from './repos-remove-collaborator.js';
import { updateInvitation } from './repos-update-invitation.js';

export const collaboratorsHandlers = {
  'repos/list-collaborators': listCollaborators,
  'repos/check-collaborator': checkCollaborator,
  'repos/get-collaborator-permission-level': getCollaboratorPermissionLevel,
  'repos/add-collaborator': addCollaboratorHandler,
  'repos/remove-collaborator': removeCollaboratorHandler,
  'repos/list-invitations': listInvitations,
  'repos/update-invitation': updateInvitation,
  'repos/delete-invitation': deleteInvitation,
  'repos/list-invitations-for-authenticated-user': listInvitationsForAuthenticatedUser,
  'repos/accept-invitation-for-authenticated-user': acceptInvitationHandler,
  'repos/decline-invitation-for-authenticated-user': declineInvitationHandler,
} satisfies Partial<Handlers>;
