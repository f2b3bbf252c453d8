// Creating a review, in one transaction: pending (no verdict: its author's
// alone until submitted) or submitted at once, with its inline comments
// written by the anchors library (review-inline-comments.ts) in the same
// transaction, so a comment refused leaves no review behind.
import { notFound } from '../errors/domain-error.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import { pullByNumber, type PullRow } from '../pulls/pull-rows.js';
import type { RepositoryLookup } from '../pulls/pull-view.js';
import { insertInlineComments, type InlineComment } from './review-inline-comments.js';
import { hasPendingReview, reviewOfPull, type ReviewRow } from './review-rows.js';
import { checkVerdict, onePendingOnly, STATE_OF, type ReviewVerdict } from './review-rules.js';
import { afterSubmit } from './review-submit.js';

export interface NewReview {
  userId: number;
  body: string;
  verdict: ReviewVerdict | undefined;
  commitId: string;
  comments: InlineComment[];
}

export async function createReview(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  review: NewReview,
): Promise<ReviewRow> {
  const { tx } = ctx;
  // The pull request's row is locked: two reviews of one user cannot both pass the one-pending check.
  const pull: PullRow | null = await pullByNumber(tx, ctx.repo.id, number, true);
  if (!pull) throw notFound();
  // GitHub refuses any new review, pending or not, while the user has one pending.
  if (await hasPendingReview(tx, pull.issue.id, review.userId)) throw onePendingOnly();
  if (review.verdict) checkVerdict(pull, review.userId, review.verdict, review.body, review.comments.length);
  const state = review.verdict ? STATE_OF[review.verdict] : 'PENDING';
  const [inserted] = await tx<{ id: number }[]>`
    INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, body, commit_id, submitted_at)
    VALUES (${pull.issue.id}, ${ctx.repo.id}, ${review.userId}, ${state}, ${review.body}, ${review.commitId},
      CASE WHEN ${state} = 'PENDING' THEN NULL ELSE now() END)
    RETURNING id`;
  const id = Number(inserted!.id);
  await insertInlineComments(tx, pull, id, review.userId, review.commitId, review.comments);
  if (!review.verdict) return (await reviewOfPull(tx, pull.issue.id, id, review.userId))!;
  return afterSubmit(ctx, pull, repos, id, review.userId);
}
