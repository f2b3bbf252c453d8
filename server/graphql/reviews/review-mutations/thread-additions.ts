// addPullRequestReviewThread and addPullRequestReviewThreadReply: a new
// thread on a place of the diff, or a reply in a thread. Into the caller's
// pending review (`pullRequestReviewId`: no event until it is submitted), or
// on its own as REST's POST …/pulls/{n}/comments does (review-comment-changes.ts
// createReviewComment: a submitted COMMENTED review, with REST's
// `pull_request_review` submitted and `pull_request_review_comment` created
// in its transaction). Anyone who can read may comment, except on a locked
// conversation (write access then), as REST.
import { canCommentWhenLocked } from '../../../access/issue-permissions.js';
import { anchorComment, type Anchor } from '../../../reviews/comments/diff-anchor.js';
import { createReviewComment } from '../../../reviews/review-comment-changes.js';
import type { GraphqlContext } from '../../core/context.js';
import { githubError, nodeNotFound } from '../../core/errors.js';
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import { inMutation, storable } from '../../mutation/in-mutation.js';
import { forbiddenMutation, writerOf, type Writer } from '../../access/writer.js';
import { restRules } from '../../pulls/pull-mutation-access.js';
import { visibleThread } from '../thread-access.js';
import { addToPendingReview, type PendingComment } from './pending-comments.js';
import { threadPlace } from './review-inputs.js';
import { clearReviewLoaders, pullTarget, visiblePullTarget, visibleReview, type PullTarget } from './review-targets.js';

type M = Required<MutationResolvers>;

/** The caller as a commenter on the pull request: a reader, a writer when its conversation is locked. */
async function commenter(ctx: GraphqlContext, target: PullTarget, mutation: string): Promise<Writer> {
  const writer = await writerOf(ctx, target.repo, mutation, 'read', 'pull_requests');
  if (target.pull.issue.locked && !canCommentWhenLocked(await ctx.access.permissionOn(target.repo)))
    throw forbiddenMutation(ctx, mutation);
  return writer;
}

/** The pending review named (the caller's: another's is not found), checked to be of pull request `issueId`. */
async function pendingReviewOf(ctx: GraphqlContext, id: string, issueId: number | null) {
  const found = await visibleReview(ctx, id);
  if (issueId !== null && found.review.issue_id !== issueId)
    throw githubError('UNPROCESSABLE', 'The review is not of this pull request.');
  if (found.review.state !== 'PENDING')
    throw githubError('UNPROCESSABLE', 'Can only add comments to a pending pull request review');
  return found;
}

/** Writes the comment (pending or on its own) in one transaction; its id and its thread's. */
async function writeComment(
  ctx: GraphqlContext,
  mutation: string,
  target: PullTarget,
  writer: Writer,
  reviewId: number | null,
  comment: PendingComment & { commitId: string },
) {
  const { repo, pull, repos } = target;
  const id = await inMutation(ctx, repo, mutation, async (events) =>
    reviewId !== null
      ? addToPendingReview(events, pull.issue.number, reviewId, writer.userId, comment)
      : Number((await createReviewComment(events, pull, repos, writer.userId, comment)).id),
  );
  clearReviewLoaders(ctx.loaders);
  return id;
}

export const addPullRequestReviewThread: M['addPullRequestReviewThread'] = async (_parent, { input }, ctx) => {
  const mutation = 'addPullRequestReviewThread';
  const body = storable(input.body, 'body');
  const place = threadPlace(input);
  let target: PullTarget;
  let reviewId: number | null = null;
  let commitId: string;
  if (input.pullRequestReviewId != null) {
    const pullId =
      input.pullRequestId == null ? null : (await visiblePullTarget(ctx, input.pullRequestId)).pull.issue.id;
    const { review, ...found } = await pendingReviewOf(ctx, input.pullRequestReviewId, pullId);
    [target, reviewId, commitId] = [found, review.id, review.commit_id];
  } else if (input.pullRequestId != null) {
    target = await visiblePullTarget(ctx, input.pullRequestId);
    commitId = target.pull.pull.head_sha;
  } else {
    throw githubError('UNPROCESSABLE', 'Either pullRequestReviewId or pullRequestId is required.');
  }
  const writer = await commenter(ctx, target, mutation);
  const { git } = ctx.services;
  // Git first, outside the transaction: a place not in the diff is refused before anything is written.
  const anchor: Anchor = await restRules(ctx, mutation, () =>
    anchorComment(git.pathOf(target.repo.id), target.pull.pull.base_sha, commitId, place),
  );
  const id = await writeComment(ctx, mutation, target, writer, reviewId, { body, anchor, commitId });
  const comment = await ctx.loaders.reviewCommentById.load(id);
  return {
    clientMutationId: input.clientMutationId,
    thread: comment === null ? null : await ctx.loaders.reviewThreadById.load(comment.thread_id),
  };
};

export const addPullRequestReviewThreadReply: M['addPullRequestReviewThreadReply'] = async (
  _parent,
  { input },
  ctx,
) => {
  const mutation = 'addPullRequestReviewThreadReply';
  const body = storable(input.body, 'body');
  const { thread, repo } = await visibleThread(ctx, input.pullRequestReviewThreadId);
  // The thread's first comment the caller sees (there is one: the thread is seen through it); a reply answers it, as GitHub's.
  const [first] = await ctx.loaders.threadComments.load(thread.id);
  if (first === undefined) throw nodeNotFound(input.pullRequestReviewThreadId);
  const review =
    input.pullRequestReviewId == null ? null : await pendingReviewOf(ctx, input.pullRequestReviewId, thread.issue_id);
  const target = review ?? (await pullTarget(ctx, repo, thread.pull_number, input.pullRequestReviewThreadId));
  const writer = await commenter(ctx, target, mutation);
  const id = await writeComment(ctx, mutation, target, writer, review?.review.id ?? null, {
    body,
    inReplyTo: first.id,
    commitId: target.pull.pull.head_sha,
  });
  return { clientMutationId: input.clientMutationId, comment: await ctx.loaders.reviewCommentById.load(id) };
};
