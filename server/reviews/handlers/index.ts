// The handlers of the review operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createReviewHandler } from './pulls-create-review.js';
import { deletePendingReviewHandler } from './pulls-delete-pending-review.js';
import { dismissReviewHandler } from './pulls-dismiss-review.js';
import { getReview } from './pulls-get-review.js';
import { listReviewComments } from './pulls-list-comments-for-review.js';
import { listReviews } from './pulls-list-reviews.js';
import { submitReviewHandler } from './pulls-submit-review.js';
import { updateReviewHandler } from './pulls-update-review.js';

export const reviewsHandlers = {
  'pulls/list-reviews': listReviews,
  'pulls/create-review': createReviewHandler,
  'pulls/get-review': getReview,
  'pulls/update-review': updateReviewHandler,
  'pulls/delete-pending-review': deletePendingReviewHandler,
  'pulls/list-comments-for-review': listReviewComments,
  'pulls/dismiss-review': dismissReviewHandler,
  'pulls/submit-review': submitReviewHandler,
} satisfies Partial<Handlers>;
