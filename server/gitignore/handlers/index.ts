// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { getAllTemplates, getTemplate } from './gitignore-handlers.js';

export const gitignoreHandlers = {
  'gitignore/get-all-templates': getAllTemplates,
  'gitignore/get-template': getTemplate,
} satisfies Partial<Handlers>;
