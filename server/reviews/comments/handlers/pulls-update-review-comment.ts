import { notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { inTransaction } from '../../../transactions/in-transaction.js';
import { bodyOf } from '../review-comment-access.js';
import { editReviewComment } from '../../review-comment-changes.js';
import { changeableComment } from './review-comment-owned.js';

// PATCH …/pulls/comments/{id}: the body; its author or a writer.
export const updateReviewComment: Handler<'pulls/update-review-comment'> = async (ctx) => {
  const { repo, comment } = await changeableComment(ctx, 'edit');
  const { body } = await ctx.input();
  const edited = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    editReviewComment(events, comment, body.body),
  );
  if (!edited) throw notFound();
  return { status: 200, body: bodyOf(edited, repo, ctx.services.urls) };
};
