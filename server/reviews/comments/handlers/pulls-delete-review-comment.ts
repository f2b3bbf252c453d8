import { notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { inTransaction } from '../../../transactions/in-transaction.js';
import { deleteReviewComment } from '../../review-comment-changes.js';
import { changeableComment } from './review-comment-owned.js';

// DELETE …/pulls/comments/{id}: 204; its thread goes with its last comment.
export const deleteReviewCommentHandler: Handler<'pulls/delete-review-comment'> = async (ctx) => {
  const { repo, comment } = await changeableComment(ctx, 'delete');
  const deleted = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    deleteReviewComment(events, comment),
  );
  if (!deleted) throw notFound();
  return { status: 204, body: undefined };
};
