// User.issues, .pullRequests and .issueComments: what the user wrote, in every
// repository the caller may read (access/authored-visibility-sql.ts, search's
// rule), through the same page requests as Repository.issues and
// .pullRequests (filters, states, labels, orderBy; GitHub's default order,
// oldest first) and Issue.comments (oldest first, or by last edit).
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import { acrossRepositories } from '../core/across-repositories.js';
import type { UserResolvers } from '../generated/resolvers-types.js';
import { issueConnection } from '../issues/issue-resolvers.js';
import { pullConnection } from '../pulls/pull-connections.js';

export const userAuthoredFields: Pick<UserResolvers, 'issues' | 'pullRequests' | 'issueComments'> = {
  issues: async (user, args, ctx) =>
    acrossRepositories(await issueConnection(ctx, 'authoredIssuePage', user.id, args), 'issues'),
  pullRequests: async (user, args, ctx) =>
    acrossRepositories(await pullConnection(ctx, 'authoredPullPage', user.id, args), 'pull_requests'),
  issueComments: async (user, args, ctx) => {
    const window = twoWayWindow(args, 'issueComments');
    const orderBy = args.orderBy ? { field: args.orderBy.field, direction: args.orderBy.direction } : null;
    const page = await ctx.loaders.authoredCommentPage.load({ repositoryId: user.id, page: { window, orderBy } });
    const comments = connection(page.rows, page.total, pageAt(window, page.rows.length, page.total));
    return acrossRepositories(comments, 'issues_or_pull_requests');
  },
};
