// The interfaces issues bring: Actor (who wrote an issue or comment: a user,
// an organization, or an app's bot account, a Bot),
// and Assignable, Labelable and Lockable, which issues and pull requests
// implement (here, with pull requests, which know an issue from a pull request).
import type {
  ActorResolvers,
  AssignableResolvers,
  IssueOrPullRequestResolvers,
  LabelableResolvers,
  LockableResolvers,
} from '../generated/resolvers-types.js';
import { actorType } from '../resolvers/account.js';
import { isPull } from './pull-models.js';

// Issues and pull requests: a pull request's model carries its head branch.
export const issueOrPull = (model: object) => (isPull(model) ? ('PullRequest' as const) : ('Issue' as const));

export const Actor: ActorResolvers = { __resolveType: actorType };
export const Assignable: AssignableResolvers = { __resolveType: issueOrPull };
export const Labelable: LabelableResolvers = { __resolveType: issueOrPull };
export const Lockable: LockableResolvers = { __resolveType: issueOrPull };
export const IssueOrPullRequest: IssueOrPullRequestResolvers = { __resolveType: issueOrPull };
