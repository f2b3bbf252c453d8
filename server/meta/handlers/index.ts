// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { metaGet } from './meta-get.js';
import { metaRoot } from './meta-root.js';

export const metaHandlers = {
  'meta/root': metaRoot,
  'meta/get': metaGet,
} satisfies Partial<Handlers>;
