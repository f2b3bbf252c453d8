// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { listEmails, listPublicEmails } from './users-list-emails.js';

export const emailsHandlers = {
  'users/list-emails-for-authenticated-user': listEmails,
  'users/list-public-emails-for-authenticated-user': listPublicEmails,
} satisfies Partial<Handlers>;
