// A comment added to the caller's pending review (addPullRequestReviewThread
// and addPullRequestReviewThreadReply with `pullRequestReviewId`): a new
// thread at its anchor, or a reply in an existing thread, written by the
// comments store under the locks REST's review changes take (the pull
// request, then the review: review-changes.ts lockedReview). No event: a
// pending review's comments are its author's alone until it is submitted,
// when afterSubmit sends `created` for each.
import { unprocessable } from '../../../errors/domain-error.js';
import type { EventContext } from '../../../issues/issue-webhooks.js';
import { lockedReview } from '../../../reviews/review-changes.js';
import type { Anchor } from '../../../reviews/comments/diff-anchor.js';
import { insertReviewComment } from '../../../reviews/comments/review-comment-store.js';

export interface PendingComment {
  body: string;
  /** A new thread's place (computed at the review's commit); absent for a reply. */
  anchor?: Anchor;
  /** The comment a reply answers (it joins that comment's thread). */
  inReplyTo?: number;
}

/** Adds `comment` to pending review `reviewId` of pull request `number`, the caller's; the comment's id. */
export async function addToPendingReview(
  events: EventContext,
  number: number,
  reviewId: number,
  userId: number,
  comment: PendingComment,
): Promise<number> {
  const { pull, review } = await lockedReview(events, number, reviewId, userId);
  if (review.state !== 'PENDING' || review.user_id !== userId)
    throw unprocessable('Can only add comments to your own pending pull request review');
  const { issue, pull: fields } = pull;
  return insertReviewComment(events.tx, {
    pull: {
      issueId: issue.id,
      repositoryId: issue.repository_id,
      number: issue.number,
      headSha: fields.head_sha,
      baseSha: fields.base_sha,
    },
    reviewId: review.id,
    userId,
    body: comment.body,
    commitId: review.commit_id,
    ...(comment.anchor ? { anchor: comment.anchor } : {}),
    ...(comment.inReplyTo !== undefined ? { inReplyTo: comment.inReplyTo } : {}),
  });
}
