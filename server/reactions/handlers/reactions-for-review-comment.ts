import type { Handler } from '../../http/operation-context.js';
import { reviewCommentSubject } from './reaction-access.js';
import { createFor, deleteFor, listFor } from './reaction-operations.js';

export const listForReviewComment: Handler<'reactions/list-for-pull-request-review-comment'> = async (ctx) => {
  const found = await reviewCommentSubject(ctx);
  const { query } = await ctx.input();
  return listFor(ctx, found, query);
};

export const createForReviewComment: Handler<'reactions/create-for-pull-request-review-comment'> = async (ctx) => {
  ctx.user();
  const found = await reviewCommentSubject(ctx);
  const { body } = await ctx.input();
  return createFor(ctx, found, body.content);
};

// GitHub names this one "delete-for-pull-request-comment" (no "review").
export const deleteForReviewComment: Handler<'reactions/delete-for-pull-request-comment'> = async (ctx) => {
  ctx.user();
  const found = await reviewCommentSubject(ctx);
  return deleteFor(ctx, found, ctx.params.reaction_id);
};
