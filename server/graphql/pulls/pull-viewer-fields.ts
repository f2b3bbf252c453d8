// What the viewer may do with a pull request, by the rules its mutations and
// REST apply: close, reopen and update it as its author or with triage
// (access/issue-permissions.ts's canEditIssue), push to its head (the head
// repository's writers, or the base's when maintainers may modify), and the
// review request naming the viewer. A caller who may not write at all (no
// token scope, an app without the permission) may do none of it.
import { canEditIssue } from '../../access/issue-permissions.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { writerHolds, writerOf } from '../access/writer.js';
import type { GraphqlContext } from '../core/context.js';
import type { CommentCannotUpdateReason, PullRequestResolvers } from '../generated/resolvers-types.js';
import { BRANCH_PREFIX } from '../resolvers/refs.js';
import type { PullModel } from './pull-models.js';
import { repositoryOf } from './pull-paths.js';

/** The viewer's permission as a writer of the pull request's repository, or undefined where a mutation would refuse. */
export async function writerPermission(ctx: GraphqlContext, repo: RepositoryRow) {
  try {
    return (await writerOf(ctx, repo, 'updatePullRequest', 'read', 'pull_requests')).permission;
  } catch (error) {
    if (error instanceof Error && error.name === 'GraphQLError') return undefined;
    throw error;
  }
}

async function mayEdit(ctx: GraphqlContext, pull: PullModel): Promise<boolean> {
  const permission = await writerPermission(ctx, await repositoryOf(ctx, pull.repository_id));
  return permission !== undefined && canEditIssue(permission, pull.user_id, ctx.access.viewerId);
}

/** Push access to the head branch: the head repository's writers, or the base's when maintainers may modify. */
async function mayPushHead(ctx: GraphqlContext, pull: PullModel): Promise<boolean> {
  if (ctx.access.viewerId === null || pull.head_repository_id === null) return false;
  const head = await ctx.loaders.repositoryById.load(pull.head_repository_id);
  if (
    head !== null &&
    (await ctx.access.seesRepository(head)) &&
    (await writerHolds(ctx, head, 'write', 'pull_requests'))
  )
    return true;
  if (!pull.maintainer_can_modify || pull.head_repository_id === pull.repository_id) return false;
  return writerHolds(ctx, await repositoryOf(ctx, pull.repository_id), 'write', 'pull_requests');
}

async function headRefExists(ctx: GraphqlContext, pull: PullModel): Promise<boolean> {
  const head = pull.head_repository_id === null ? null : await ctx.loaders.repositoryById.load(pull.head_repository_id);
  if (head === null || head.default_branch === pull.head_ref) return false;
  return (await ctx.loaders.git.refs.load(head)).some((ref) => ref.fullName === BRANCH_PREFIX + pull.head_ref);
}

async function cannotUpdateReasons(ctx: GraphqlContext, pull: PullModel): Promise<CommentCannotUpdateReason[]> {
  if (await mayEdit(ctx, pull)) return [];
  if (ctx.access.viewerId === null) return ['LOGIN_REQUIRED'];
  const repo = await repositoryOf(ctx, pull.repository_id);
  if (repo.archived) return ['ARCHIVED'];
  return pull.locked ? ['LOCKED', 'INSUFFICIENT_ACCESS'] : ['INSUFFICIENT_ACCESS'];
}

type Fields = Pick<
  PullRequestResolvers,
  | 'viewerCanApplySuggestion'
  | 'viewerCanClose'
  | 'viewerCanDeleteHeadRef'
  | 'viewerCanEditFiles'
  | 'viewerCanReopen'
  | 'viewerCanUpdate'
  | 'viewerCanUpdateBranch'
  | 'viewerCannotUpdateReasons'
  | 'viewerDidAuthor'
  | 'viewerLatestReviewRequest'
>;

const isOpen = (pull: PullModel) => pull.state === 'open' && pull.merged_at === null;

export const pullViewerFields: Fields = {
  viewerCanApplySuggestion: async (pull, _args, ctx) => isOpen(pull) && (await mayPushHead(ctx, pull)),
  viewerCanClose: async (pull, _args, ctx) => isOpen(pull) && (await mayEdit(ctx, pull)),
  viewerCanReopen: async (pull, _args, ctx) =>
    pull.state === 'closed' && pull.merged_at === null && (await mayEdit(ctx, pull)),
  viewerCanUpdate: (pull, _args, ctx) => mayEdit(ctx, pull),
  viewerCannotUpdateReasons: (pull, _args, ctx) => cannotUpdateReasons(ctx, pull),
  viewerCanEditFiles: async (pull, _args, ctx) => isOpen(pull) && (await mayPushHead(ctx, pull)),
  // As REST's update-branch: an open pull request whose head lacks the base's latest commits.
  viewerCanUpdateBranch: async (pull, _args, ctx) =>
    isOpen(pull) &&
    (await mayPushHead(ctx, pull)) &&
    (await ctx.loaders.pullHeadBehind.load({
      repositoryId: pull.repository_id,
      base: pull.base_sha,
      head: pull.head_sha,
    })),
  viewerCanDeleteHeadRef: async (pull, _args, ctx) =>
    !isOpen(pull) && (await mayPushHead(ctx, pull)) && (await headRefExists(ctx, pull)),
  viewerDidAuthor: (pull, _args, ctx) => pull.user_id !== null && pull.user_id === ctx.access.viewerId,
  viewerLatestReviewRequest: async (pull, _args, ctx) => {
    const viewerId = ctx.access.viewerId;
    if (viewerId === null) return null;
    const requests = await ctx.loaders.reviewRequests.load(pull.id);
    return requests.find((request) => request.reviewer?.id === viewerId) ?? null;
  },
};
