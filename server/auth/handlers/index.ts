// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { deleteAuthorization } from './authorizations-delete.js';

export const authHandlers = {
  'authorizations/delete': deleteAuthorization,
} satisfies Partial<Handlers>;
