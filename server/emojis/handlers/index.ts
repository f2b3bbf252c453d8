// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { emojisGet } from './emojis-get.js';

export const emojisHandlers = {
  'emojis/get': emojisGet,
} satisfies Partial<Handlers>;
