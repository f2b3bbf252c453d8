// The handlers of the review comment operations, keyed by operationId;
// server/handlers.ts joins every capability's map into the one the compiler
// checks for completeness.
import type { Handlers } from '../../../http/operation-context.js';
import { createReplyForReviewComment } from './pulls-create-reply-for-review-comment.js';
import { createReviewCommentHandler } from './pulls-create-review-comment.js';
import { deleteReviewCommentHandler } from './pulls-delete-review-comment.js';
import { getReviewComment } from './pulls-get-review-comment.js';
import { listReviewCommentsForRepo } from './pulls-list-review-comments-for-repo.js';
import { listReviewComments } from './pulls-list-review-comments.js';
import { updateReviewComment } from './pulls-update-review-comment.js';

export const reviewCommentsHandlers = {
  'pulls/list-review-comments-for-repo': listReviewCommentsForRepo,
  'pulls/get-review-comment': getReviewComment,
  'pulls/update-review-comment': updateReviewComment,
  'pulls/delete-review-comment': deleteReviewCommentHandler,
  'pulls/list-review-comments': listReviewComments,
  'pulls/create-review-comment': createReviewCommentHandler,
  'pulls/create-reply-for-review-comment': createReplyForReviewComment,
} satisfies Partial<Handlers>;
