// updatePullRequestReviewComment and deletePullRequestReviewComment: REST's
// PATCH and DELETE …/pulls/comments/{id} (review-comment-changes.ts): the
// comment's author, or anyone with write access (FORBIDDEN otherwise), as
// REST's review-comment-owned.ts. A submitted comment's change writes
// `pull_request_review_comment` edited (with the former body) or deleted in
// its transaction; a pending one's none. A thread goes with its last comment.
import { canChangeComment } from '../../../access/issue-permissions.js';
import { deleteReviewComment, editReviewComment } from '../../../reviews/review-comment-changes.js';
import type { GraphqlContext } from '../../core/context.js';
import { nodeNotFound } from '../../core/errors.js';
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import { inMutation, storable } from '../../mutation/in-mutation.js';
import { forbiddenMutation, writerOf } from '../../access/writer.js';
import { clearReviewLoaders, visibleReviewComment } from './review-targets.js';

type M = Required<MutationResolvers>;

/** The comment behind `id`, when the caller may change it. */
async function changeable(ctx: GraphqlContext, id: string, mutation: string) {
  const found = await visibleReviewComment(ctx, id);
  const writer = await writerOf(ctx, found.repo, mutation, 'read', 'pull_requests');
  if (!canChangeComment(writer.permission, found.comment.user_id, writer.userId))
    throw forbiddenMutation(ctx, mutation);
  return found;
}

export const updatePullRequestReviewComment: M['updatePullRequestReviewComment'] = async (_parent, { input }, ctx) => {
  const mutation = 'updatePullRequestReviewComment';
  const body = storable(input.body, 'body');
  const { repo, comment } = await changeable(ctx, input.pullRequestReviewCommentId, mutation);
  const edited = await inMutation(ctx, repo, mutation, (events) => editReviewComment(events, comment, body));
  if (edited === null) throw nodeNotFound(input.pullRequestReviewCommentId);
  clearReviewLoaders(ctx.loaders);
  return {
    clientMutationId: input.clientMutationId,
    pullRequestReviewComment: await ctx.loaders.reviewCommentById.load(Number(edited.id)),
  };
};

// The payload shows the comment as it was, and its review as it is after.
export const deletePullRequestReviewComment: M['deletePullRequestReviewComment'] = async (_parent, { input }, ctx) => {
  const mutation = 'deletePullRequestReviewComment';
  const { repo, comment, model } = await changeable(ctx, input.id, mutation);
  const deleted = await inMutation(ctx, repo, mutation, (events) => deleteReviewComment(events, comment));
  if (!deleted) throw nodeNotFound(input.id);
  clearReviewLoaders(ctx.loaders);
  return {
    clientMutationId: input.clientMutationId,
    pullRequestReview: await ctx.loaders.reviewById.load(model.review_id),
    pullRequestReviewComment: model,
  };
};
