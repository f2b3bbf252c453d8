// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { listOrganizations, listOrganizationsForAuthenticatedUser, listOrganizationsForUser } from './orgs-lists.js';
import { updateOrganizationHandler } from './orgs-update.js';
import { listRepositoriesForOrg, listRepositoriesForUserAccount } from './repos-lists.js';

export const orgsHandlers = {
  'orgs/update': updateOrganizationHandler,
  'orgs/list': listOrganizations,
  'orgs/list-for-authenticated-user': listOrganizationsForAuthenticatedUser,
  'orgs/list-for-user': listOrganizationsForUser,
  'repos/list-for-org': listRepositoriesForOrg,
  'repos/list-for-user': listRepositoriesForUserAccount,
} satisfies Partial<Handlers>;
