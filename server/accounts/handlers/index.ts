// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { getOrganization } from './orgs-get.js';
import { getAuthenticatedUser } from './users-get-authenticated.js';
import { getUserByUsername } from './users-get-by-username.js';

export const accountsHandlers = {
  'users/get-authenticated': getAuthenticatedUser,
  'users/get-by-username': getUserByUsername,
  'orgs/get': getOrganization,
} satisfies Partial<Handlers>;
