// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { checkLiveness } from './health-check-liveness.js';
import { checkReadinessHandler } from './health-check-readiness.js';

export const healthHandlers = {
  'health/check-liveness': checkLiveness,
  'health/check-readiness': checkReadinessHandler,
} satisfies Partial<Handlers>;
