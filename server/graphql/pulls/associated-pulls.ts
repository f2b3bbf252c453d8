// `associatedPullRequests` of a commit (pulls/commit-pulls.ts: the merged
// pull request it came through, or those whose commits include it), in
// GitHub's default order, oldest first; and of a branch ref: the pull
// requests with it as their head branch, as `pullRequests(headRefName:)`.
import { pullsOfCommit } from '../../pulls/commit-pulls.js';
import { listConnection } from '../core/connection.js';
import type { CommitResolvers, RefResolvers } from '../generated/resolvers-types.js';
import type { PullModel } from './pull-models.js';
import { pullConnection } from './pull-connections.js';
import { BRANCH_PREFIX } from '../resolvers/refs.js';

const timeOf = (pull: PullModel, field: 'CREATED_AT' | 'UPDATED_AT') =>
  new Date(field === 'UPDATED_AT' ? pull.updated_at : pull.created_at).getTime();

export const commitPullsField: Pick<CommitResolvers, 'associatedPullRequests'> = {
  associatedPullRequests: async (commit, args, ctx) => {
    const pulls = await pullsOfCommit(ctx.services.sql, ctx.services.git, commit.repo, commit.oid);
    const field = args.orderBy?.field ?? 'CREATED_AT';
    const sign = args.orderBy?.direction === 'DESC' ? -1 : 1;
    pulls.sort((a, b) => sign * (timeOf(a, field) - timeOf(b, field) || a.number - b.number));
    return listConnection(pulls, args, 'associatedPullRequests');
  },
};

export const refPullsField: Pick<RefResolvers, 'associatedPullRequests'> = {
  // Only a branch is a pull request's head; a tag's list is empty.
  associatedPullRequests: (ref, args, ctx) =>
    ref.prefix === BRANCH_PREFIX
      ? pullConnection(ctx, 'pullPage', ref.repo.id, { ...args, headRefName: ref.name })
      : listConnection([], args, 'associatedPullRequests'),
};
