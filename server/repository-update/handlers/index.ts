// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
// The repository's update lives here, beside its `repository` events, so that
// repos/ (which webhooks/ reads) does not import the outbox.
import type { Handlers } from '../../http/operation-context.js';
import { updateRepository } from './repos-update.js';

export const repositoryUpdateHandlers = {
  'repos/update': updateRepository,
} satisfies Partial<Handlers>;
