// PullRequest fields read from what the pull request already has: its
// author's association (REST's author_association, batched), its participants, the test merge
// commit while it is open, and GitHub's paths of its checks and revert pages.
// (Its head's statusCheckRollup is with the checks: checks/pull-check-fields.ts.)
import { isoSeconds } from '../../views/timestamps.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { bodyHTML, bodyText, titleHTML } from '../core/body-text.js';
import { listConnection } from '../core/connection.js';
import type { PullRequestResolvers } from '../generated/resolvers-types.js';
import type { GraphqlContext } from '../core/context.js';
import type { PullModel } from './pull-models.js';
import { pullPath, repositoryOf } from './pull-paths.js';

type Fields = Pick<
  PullRequestResolvers,
  | 'authorAssociation'
  | 'bodyHTML'
  | 'bodyText'
  | 'canBeRebased'
  | 'checksResourcePath'
  | 'checksUrl'
  | 'fullDatabaseId'
  | 'hovercard'
  | 'participants'
  | 'potentialMergeCommit'
  | 'publishedAt'
  | 'revertResourcePath'
  | 'revertUrl'
  | 'titleHTML'
>;

const isAccount = (value: AccountRow | Error | null): value is AccountRow =>
  value !== null && !(value instanceof Error);

const pagePath = async (ctx: GraphqlContext, pull: PullModel, page: string) => `${await pullPath(ctx, pull)}/${page}`;

export const pullDerivedFields: Fields = {
  authorAssociation: (pull, _args, ctx) => ctx.loaders.pullAuthorAssociation.load(pull.id),
  bodyHTML,
  bodyText,
  titleHTML,
  // As an issue's (graphql/issues/issue-breadth.ts): no contexts Wharf could show in a popup.
  hovercard: () => ({ contexts: [] }),
  // REST's `rebaseable`: the head applies cleanly on the base.
  canBeRebased: (pull) => pull.mergeable === true,
  checksResourcePath: (pull, _args, ctx) => pagePath(ctx, pull, 'checks'),
  checksUrl: async (pull, _args, ctx) => ctx.services.urls.html(await pagePath(ctx, pull, 'checks')),
  fullDatabaseId: (pull) => String(pull.id),
  // Users only (UserConnection): an organization never comments, a bot is not a User.
  participants: async (pull, args, ctx) => {
    const accounts = await ctx.loaders.accountById.loadMany(await ctx.loaders.pullParticipants.load(pull.id));
    const users = accounts.filter((account): account is AccountRow => isAccount(account) && account.kind === 'User');
    return listConnection(users, args, 'participants');
  },
  // REST's merge_commit_sha of an open pull request: the merge the mergeability check made.
  potentialMergeCommit: async (pull, _args, ctx) =>
    pull.merge_commit_sha === null || pull.merged_at !== null || pull.state !== 'open'
      ? null
      : { repo: await repositoryOf(ctx, pull.repository_id), oid: pull.merge_commit_sha, type: 'commit' },
  // Wharf publishes a pull request when it is created (no drafts kept unpublished).
  publishedAt: (pull) => isoSeconds(pull.created_at),
  revertResourcePath: (pull, _args, ctx) => pagePath(ctx, pull, 'revert'),
  revertUrl: async (pull, _args, ctx) => ctx.services.urls.html(await pagePath(ctx, pull, 'revert')),
};
