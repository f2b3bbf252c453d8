// PullRequestReview's and PullRequestReviewComment's fields of issue 34: the
// viewer's rights by REST's rules (a review's text is its author's to change,
// a pending review its author's to delete; a comment its author's or a
// writer's, as updatePullRequestReviewComment), the author's push access,
// the text until Markdown is rendered (issue 36), and, through absentFields,
// what Wharf does not have (minimizing, edit history, email replies, teams).
import { canChangeComment } from '../../access/issue-permissions.js';
import type { Permission } from '../../access/permissions.js';
import { isoSeconds } from '../../views/timestamps.js';
import { absentFields } from '../core/absent-feature.js';
import { bodyHTML, bodyText } from '../core/body-text.js';
import type { GraphqlContext } from '../core/context.js';
import type {
  CommentCannotUpdateReason,
  PullRequestReviewCommentResolvers,
  PullRequestReviewResolvers,
} from '../generated/resolvers-types.js';
import { repositoryOf } from '../pulls/pull-paths.js';
import { writerPermission } from '../pulls/pull-viewer-fields.js';
import { reviewAuthorCanPush } from './opinionated-reviews.js';
import type { ReviewCommentModel, ReviewModel } from './review-models.js';

type Row = ReviewModel | ReviewCommentModel;

/** Whether the viewer, a writer of the row's repository, may change it by `rule`. */
async function viewerMay(ctx: GraphqlContext, row: Row, rule: (permission: Permission | null) => boolean) {
  const permission = await writerPermission(ctx, await repositoryOf(ctx, row.repository_id));
  return permission !== undefined && rule(permission);
}

const isAuthor = (ctx: GraphqlContext, row: Row) => row.user_id !== null && row.user_id === ctx.access.viewerId;

async function reasons(ctx: GraphqlContext, row: Row, may: boolean): Promise<CommentCannotUpdateReason[]> {
  if (may) return [];
  if (ctx.access.viewerId === null) return ['LOGIN_REQUIRED'];
  return (await repositoryOf(ctx, row.repository_id)).archived ? ['ARCHIVED'] : ['INSUFFICIENT_ACCESS'];
}

const reviewUpdatable = (ctx: GraphqlContext, review: ReviewModel) =>
  isAuthor(ctx, review) && viewerMay(ctx, review, () => true);

const commentChangeable = (ctx: GraphqlContext, comment: ReviewCommentModel) =>
  viewerMay(ctx, comment, (permission) => canChangeComment(permission, comment.user_id, ctx.access.viewerId));

const COMMON_ABSENT = [
  'createdViaEmail',
  'editor',
  'isMinimized',
  'minimizedReason',
  'userContentEdits',
  'viewerCanMinimize',
] as const;

export const reviewExtraFields: Partial<PullRequestReviewResolvers> = {
  ...absentFields([...COMMON_ABSENT, 'includesCreatedEdit', 'lastEditedAt', 'onBehalfOf']),
  authorCanPushToRepository: (review, _args, ctx) => reviewAuthorCanPush(ctx, review),
  bodyHTML,
  bodyText,
  fullDatabaseId: (review) => String(review.id),
  viewerCanDelete: async (review, _args, ctx) => review.state === 'PENDING' && (await reviewUpdatable(ctx, review)),
  viewerCanUpdate: (review, _args, ctx) => reviewUpdatable(ctx, review),
  viewerCannotUpdateReasons: async (review, _args, ctx) => reasons(ctx, review, await reviewUpdatable(ctx, review)),
};

// A review comment's updated_at moves only when its body is edited (reactions have their own rows).
const edited = (comment: ReviewCommentModel) => comment.updated_at.getTime() > comment.created_at.getTime();

export const reviewCommentExtraFields: Partial<PullRequestReviewCommentResolvers> = {
  ...absentFields(COMMON_ABSENT),
  bodyHTML,
  bodyText,
  fullDatabaseId: (comment) => String(comment.id),
  includesCreatedEdit: (comment) => edited(comment),
  lastEditedAt: (comment) => (edited(comment) ? isoSeconds(comment.updated_at) : null),
  viewerCanDelete: (comment, _args, ctx) => commentChangeable(ctx, comment),
  viewerCanUpdate: (comment, _args, ctx) => commentChangeable(ctx, comment),
  viewerCannotUpdateReasons: async (comment, _args, ctx) =>
    reasons(ctx, comment, await commentChangeable(ctx, comment)),
};
