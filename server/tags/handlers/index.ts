// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { listTags } from './repos-list-tags.js';

export const tagsHandlers = {
  'repos/list-tags': listTags,
} satisfies Partial<Handlers>;
