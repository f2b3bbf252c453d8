// What follows a review becoming visible (created with a verdict, or a
// pending review submitted), in the transaction of that change: the reviewer's
// review request is answered (withdrawn without a `review_request_removed`
// event: GitHub sends none when a review answers the request), and so are
// those of the teams they are a member of (pulls/team-review-requests.ts), the pull
// request's updated_at moves (which also invalidates its cached body), and
// `pull_request_review` submitted is written with the pull request as it is now,
// then `pull_request_review_comment` created for each comment the review
// makes visible (the comments capability's payloads), as GitHub does.
import type { EventContext } from '../issues/issue-webhooks.js';
import { pullByNumber, type PullRow } from '../pulls/pull-rows.js';
import type { RepositoryLookup } from '../pulls/pull-view.js';
import { answerTeamRequests } from '../pulls/team-review-requests.js';
import { emitReviewCommentCreated } from './comments/review-comment-webhooks.js';
import { reviewOfPull, type ReviewRow } from './review-rows.js';
import { emitReviewEvent } from './review-webhooks.js';
import { touchIssue } from '../issues/issue-writes.js';

export async function afterSubmit(
  ctx: EventContext,
  pull: PullRow,
  repos: RepositoryLookup,
  reviewId: number,
  userId: number,
): Promise<ReviewRow> {
  const { tx } = ctx;
  await tx`DELETE FROM pull_request_review_requests WHERE issue_id = ${pull.issue.id} AND reviewer_id = ${userId}`;
  await answerTeamRequests(tx, pull.issue.id, userId);
  await touchIssue(tx, pull.issue.id);
  const now = (await pullByNumber(tx, ctx.repo.id, pull.issue.number))!;
  const review = (await reviewOfPull(tx, pull.issue.id, reviewId, userId))!;
  await emitReviewEvent(ctx, now, repos, review, { action: 'submitted' });
  const comments = await tx<
    { id: number }[]
  >`SELECT id FROM pull_request_review_comments WHERE review_id = ${reviewId} ORDER BY id`;
  await emitReviewCommentCreated(
    tx,
    ctx,
    comments.map((row) => Number(row.id)),
  );
  return review;
}
