// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { searchIssuesAndPullRequests } from './search-issues-and-pull-requests.js';

export const searchHandlers = {
  'search/issues-and-pull-requests': searchIssuesAndPullRequests,
} satisfies Partial<Handlers>;
