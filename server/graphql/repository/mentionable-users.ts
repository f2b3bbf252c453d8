// `Repository.mentionableUsers(query:)`: who may be @mentioned in the
// repository (issues/mentionable-users.ts: its grant holders and its
// participants), by login, a page read in SQL. The repository is one the
// caller sees, and the people are those its issues and grants already show.
import { mentionableUsersOf } from '../../issues/mentionable-users.js';
import { connection, twoWayWindow } from '../core/connection.js';
import type { RepositoryResolvers } from '../generated/resolvers-types.js';

export const repositoryMentionableUsersField: Pick<RepositoryResolvers, 'mentionableUsers'> = {
  mentionableUsers: async (repo, args, ctx) => {
    const window = twoWayWindow(args, 'mentionableUsers');
    const page = await mentionableUsersOf(ctx.services.sql, repo, args.query ?? '', {
      limit: window.first,
      offset: window.offset,
      fromEnd: window.fromEnd,
    });
    return connection(page.rows, page.total, { first: page.rows.length, offset: page.offset });
  },
};
