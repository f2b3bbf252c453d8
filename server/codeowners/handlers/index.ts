// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { reposCodeownersErrors } from './repos-codeowners-errors.js';

export const codeownersHandlers = {
  'repos/codeowners-errors': reposCodeownersErrors,
} satisfies Partial<Handlers>;
