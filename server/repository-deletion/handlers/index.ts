// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { deleteRepository } from './repos-delete.js';

export const repositoryDeletionHandlers = {
  'repos/delete': deleteRepository,
} satisfies Partial<Handlers>;
