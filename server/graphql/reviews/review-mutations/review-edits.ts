// updatePullRequestReview, dismissPullRequestReview and
// deletePullRequestReview: REST's PUT …/reviews/{id}, PUT …/dismissals and
// DELETE …/reviews/{id} (review-changes.ts) with REST's rules: only its
// author edits a review (FORBIDDEN), dismissing needs write access and an
// approval or a request for changes, only a pending review is deleted
// (UNPROCESSABLE otherwise). Each writes REST's `pull_request_review` event
// (edited with the former body, dismissed) in its transaction; a pending
// review's edit and deletion write none (nobody else knew of it).
import { deletePendingReview, dismissReview, updateReview } from '../../../reviews/review-changes.js';
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import { inMutation, storable } from '../../mutation/in-mutation.js';
import { writerOf } from '../../access/writer.js';
import { clearReviewLoaders, reviewAfter, reviewModelOf, visibleReview } from './review-targets.js';

type M = Required<MutationResolvers>;

export const updatePullRequestReview: M['updatePullRequestReview'] = async (_parent, { input }, ctx) => {
  const mutation = 'updatePullRequestReview';
  const body = storable(input.body, 'body');
  const { repo, pull, repos, review } = await visibleReview(ctx, input.pullRequestReviewId);
  const writer = await writerOf(ctx, repo, mutation, 'read', 'pull_requests');
  await inMutation(ctx, repo, mutation, (events) =>
    updateReview(events, repos, pull.issue.number, review.id, writer.userId, body),
  );
  clearReviewLoaders(ctx.loaders);
  return { clientMutationId: input.clientMutationId, pullRequestReview: await reviewAfter(ctx, review.id) };
};

export const dismissPullRequestReview: M['dismissPullRequestReview'] = async (_parent, { input }, ctx) => {
  const mutation = 'dismissPullRequestReview';
  const message = storable(input.message, 'message');
  const { repo, pull, repos, review } = await visibleReview(ctx, input.pullRequestReviewId);
  const writer = await writerOf(ctx, repo, mutation, 'write', 'pull_requests');
  await inMutation(ctx, repo, mutation, (events) =>
    dismissReview(events, repos, pull.issue.number, review.id, writer.userId, message, writer.permission),
  );
  clearReviewLoaders(ctx.loaders);
  return { clientMutationId: input.clientMutationId, pullRequestReview: await reviewAfter(ctx, review.id) };
};

// The payload shows the review as it was: nothing can read it any more.
export const deletePullRequestReview: M['deletePullRequestReview'] = async (_parent, { input }, ctx) => {
  const mutation = 'deletePullRequestReview';
  const { repo, pull, review } = await visibleReview(ctx, input.pullRequestReviewId);
  const writer = await writerOf(ctx, repo, mutation, 'read', 'pull_requests');
  const deleted = await inMutation(ctx, repo, mutation, (events) =>
    deletePendingReview(events, pull.issue.number, review.id, writer.userId),
  );
  clearReviewLoaders(ctx.loaders);
  return { clientMutationId: input.clientMutationId, pullRequestReview: reviewModelOf(deleted) };
};
