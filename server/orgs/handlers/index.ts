// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { listOrganizations, listOrganizationsForAuthenticatedUser, listOrganizationsForUser } from './orgs-lists.js';
import {
  checkMembership,
  checkPublicMembership,
  concealMembership,
  listMembers,
  listPublicMembers,
  publicizeMembership,
  removeMember,
} from './members.js';
import {
  getMembership,
  getOwnMembership,
  listOwnMemberships,
  removeMembership,
  setMembership,
  updateOwnMembership,
} from './memberships.js';
import {
  cancelInvitation,
  createInvitation,
  listFailedInvitations,
  listInvitationTeams,
  listPendingInvitations,
} from './invitations.js';
import {
  convertMemberToOutsideCollaborator,
  listOutsideCollaborators,
  removeOutsideCollaboratorHandler,
} from './outside-collaborators.js';
import { updateOrganizationHandler } from './orgs-update.js';
import { listRepositoriesForOrg, listRepositoriesForUserAccount } from './repos-lists.js';

export const orgsHandlers = {
  'orgs/update': updateOrganizationHandler,
  'orgs/list': listOrganizations,
  'orgs/list-for-authenticated-user': listOrganizationsForAuthenticatedUser,
  'orgs/list-for-user': listOrganizationsForUser,
  'repos/list-for-org': listRepositoriesForOrg,
  'repos/list-for-user': listRepositoriesForUserAccount,
  'orgs/list-members': listMembers,
  'orgs/check-membership-for-user': checkMembership,
  'orgs/remove-member': removeMember,
  'orgs/list-public-members': listPublicMembers,
  'orgs/check-public-membership-for-user': checkPublicMembership,
  'orgs/set-public-membership-for-authenticated-user': publicizeMembership,
  'orgs/remove-public-membership-for-authenticated-user': concealMembership,
  'orgs/get-membership-for-user': getMembership,
  'orgs/set-membership-for-user': setMembership,
  'orgs/remove-membership-for-user': removeMembership,
  'orgs/list-memberships-for-authenticated-user': listOwnMemberships,
  'orgs/get-membership-for-authenticated-user': getOwnMembership,
  'orgs/update-membership-for-authenticated-user': updateOwnMembership,
  'orgs/list-pending-invitations': listPendingInvitations,
  'orgs/create-invitation': createInvitation,
  'orgs/cancel-invitation': cancelInvitation,
  'orgs/list-invitation-teams': listInvitationTeams,
  'orgs/list-failed-invitations': listFailedInvitations,
  'orgs/list-outside-collaborators': listOutsideCollaborators,
  'orgs/convert-member-to-outside-collaborator': convertMemberToOutsideCollaborator,
  'orgs/remove-outside-collaborator': removeOutsideCollaboratorHandler,
} satisfies Partial<Handlers>;
