// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createForkHandler } from './repos-create-fork.js';
import { listForks } from './repos-list-forks.js';

export const forksHandlers = {
  'repos/create-fork': createForkHandler,
  'repos/list-forks': listForks,
} satisfies Partial<Handlers>;
