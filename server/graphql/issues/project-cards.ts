// `projectCards` and `projectItems` of issues and pull requests: always an
// empty connection. Wharf has no projects, classic (GitHub retired them too)
// or new, but clients still ask (`gh issue view` and `gh pr view` select
// `projectCards(first: 100)`, `gh pr edit` `projectItems`), and a field the
// schema lacks fails the whole query's validation.
import { listConnection, type ConnectionArgs } from '../core/connection.js';
import type { IssueResolvers, PullRequestResolvers } from '../generated/resolvers-types.js';

const none = (name: string) => (_subject: unknown, args: ConnectionArgs) => listConnection<never>([], args, name);

export const issueProjectCardsField: Pick<IssueResolvers, 'projectCards' | 'projectItems'> = {
  projectCards: none('projectCards'),
  projectItems: none('projectItems'),
};
export const pullProjectCardsField: Pick<PullRequestResolvers, 'projectCards' | 'projectItems'> = {
  projectCards: none('projectCards'),
  projectItems: none('projectItems'),
};
