// submitPullRequestReview: REST's POST …/reviews/{id}/events
// (review-changes.ts submitReview, then review-submit.ts afterSubmit) for the
// caller's pending review, named by its id or by its pull request (the
// caller has at most one pending review per pull request). The verdict's
// rules are REST's (no approving one's own pull request, a body for
// REQUEST_CHANGES); `pull_request_review` submitted and a
// `pull_request_review_comment` created per comment are written in its
// transaction.
import { submitReview } from '../../../reviews/review-changes.js';
import { checkUnlocked } from '../../../reviews/review-rules.js';
import { pendingReviewId } from '../../../reviews/review-rows.js';
import { restRules } from '../../pulls/pull-mutation-access.js';
import type { GraphqlContext } from '../../core/context.js';
import { githubError } from '../../core/errors.js';
import type { MutationResolvers, SubmitPullRequestReviewInput } from '../../generated/resolvers-types.js';
import { inMutation, storable } from '../../mutation/in-mutation.js';
import { writerOf, type Writer } from '../../access/writer.js';
import { verdictOf } from './review-inputs.js';
import {
  clearReviewLoaders,
  reviewAfter,
  visiblePullTarget,
  visibleReview,
  type PullTarget,
} from './review-targets.js';

type M = Required<MutationResolvers>;
const MUTATION = 'submitPullRequestReview';

/** The review to submit: the one named, else the caller's pending review of the pull request named. */
async function reviewToSubmit(
  ctx: GraphqlContext,
  input: SubmitPullRequestReviewInput,
): Promise<PullTarget & { reviewId: number; writer: Writer }> {
  if (input.pullRequestReviewId != null) {
    const { review, ...target } = await visibleReview(ctx, input.pullRequestReviewId);
    return {
      ...target,
      reviewId: review.id,
      writer: await writerOf(ctx, target.repo, MUTATION, 'read', 'pull_requests'),
    };
  }
  if (input.pullRequestId == null)
    throw githubError('UNPROCESSABLE', 'Either pullRequestReviewId or pullRequestId is required.');
  const target = await visiblePullTarget(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, target.repo, MUTATION, 'read', 'pull_requests');
  const pending = await pendingReviewId(ctx.services.sql, target.pull.issue.id, writer.userId);
  if (pending === null)
    throw githubError('UNPROCESSABLE', 'You have no pending review of this pull request to submit.');
  return { ...target, reviewId: pending, writer };
}

export const submitPullRequestReview: M['submitPullRequestReview'] = async (_parent, { input }, ctx) => {
  const verdict = verdictOf(input.event);
  const body = input.body == null ? undefined : storable(input.body, 'body');
  const { repo, pull, repos, reviewId, writer } = await reviewToSubmit(ctx, input);
  // A locked conversation takes reviews from writers only (REST's rule and 422).
  await restRules(ctx, MUTATION, async () => checkUnlocked(pull, await ctx.access.permissionOn(repo)));
  await inMutation(ctx, repo, MUTATION, (events) =>
    submitReview(events, repos, pull.issue.number, reviewId, writer.userId, verdict, body),
  );
  clearReviewLoaders(ctx.loaders);
  return { clientMutationId: input.clientMutationId, pullRequestReview: await reviewAfter(ctx, reviewId) };
};
