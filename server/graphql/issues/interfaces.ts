// The interfaces issues bring: Actor (who wrote an issue or comment: a user,
// an organization, or an app's bot account, served as a User like elsewhere),
// and Assignable and Lockable, which only issues implement here.
import type { ActorResolvers, AssignableResolvers, LockableResolvers } from '../generated/resolvers-types.js';
import { accountType } from '../resolvers/account.js';

export const Actor: ActorResolvers = { __resolveType: accountType };
export const Assignable: AssignableResolvers = { __resolveType: () => 'Issue' };
export const Lockable: LockableResolvers = { __resolveType: () => 'Issue' };
