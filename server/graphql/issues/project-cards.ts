// `projectCards` of issues and pull requests: always an empty connection.
// Wharf has no classic projects (GitHub retired them too), but clients still
// ask (`gh issue view` and `gh pr view` select `projectCards(first: 100)`),
// and a field the schema lacks fails the whole query's validation.
import { listConnection } from '../connection.js';
import type { IssueResolvers, PullRequestResolvers } from '../generated/resolvers-types.js';

const none = (_subject: unknown, args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null }) =>
  listConnection<never>([], args, 'projectCards');

export const issueProjectCardsField: Pick<IssueResolvers, 'projectCards'> = { projectCards: none };
export const pullProjectCardsField: Pick<PullRequestResolvers, 'projectCards'> = { projectCards: none };
