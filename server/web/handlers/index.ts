// The operations in openapi.yaml that answer with a page for a browser, keyed
// by operationId; server/handlers.ts joins this map with the capabilities'.
import type { Handlers } from '../../http/operation-context.js';
import { authorize } from './oauth-authorize.js';

export const webHandlers = {
  'oauth/authorize': authorize,
} satisfies Partial<Handlers>;
