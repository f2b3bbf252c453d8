// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { licensesGet } from './licenses-get.js';
import { licensesGetAllCommonlyUsed } from './licenses-get-all-commonly-used.js';
import { licensesGetForRepo } from './licenses-get-for-repo.js';

export const licensesHandlers = {
  'licenses/get-all-commonly-used': licensesGetAllCommonlyUsed,
  'licenses/get': licensesGet,
  'licenses/get-for-repo': licensesGetForRepo,
} satisfies Partial<Handlers>;
