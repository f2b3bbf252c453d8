// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { getRateLimit } from './rate-limit-get.js';

export const rateLimitHandlers = {
  'ratelimit/get': getRateLimit,
} satisfies Partial<Handlers>;
