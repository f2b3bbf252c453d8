// `Repository.assignableUsers(query:)`: who may be assigned to the
// repository's issues, by the same rule as REST's GET …/assignees and the
// assignee checks (issues/assignees.ts: the owner, push collaborators, admins
// of the owning organization), by login. `query` narrows to logins or names
// containing it (any case). `gh pr edit` and `gh issue edit` read it to turn
// logins into ids. One statement for every repository asked in the same tick
// (issues/assignable-users.ts reads them).
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { assignableUsersOf } from '../../issues/assignable-users.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { listConnection } from '../core/connection.js';
import type { RepositoryResolvers } from '../generated/resolvers-types.js';

export interface AssignableKey {
  repositoryId: number;
  query: string;
}

export const createAssignableUsersLoader = (sql: Sql) =>
  new DataLoader<AssignableKey, AccountRow[], string>(
    async (keys) => {
      const answers = new Map<string, AccountRow[]>();
      for (const query of new Set(keys.map((key) => key.query))) {
        const found = await assignableUsersOf(
          sql,
          keys.filter((key) => key.query === query).map((key) => key.repositoryId),
          query,
        );
        for (const [id, users] of found) answers.set(`${id}\u0000${query}`, users);
      }
      return keys.map((key) => answers.get(`${key.repositoryId}\u0000${key.query}`) ?? []);
    },
    { cacheKeyFn: (key) => `${key.repositoryId}\u0000${key.query}` },
  );

export const repositoryAssignableUsersField: Pick<RepositoryResolvers, 'assignableUsers'> = {
  assignableUsers: async (repo, args, ctx) =>
    listConnection(
      await ctx.loaders.assignableUsers.load({ repositoryId: repo.id, query: args.query ?? '' }),
      args,
      'assignableUsers',
    ),
};
