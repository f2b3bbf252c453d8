import type { Handler } from '../../http/operation-context.js';
import { commentSubject } from './reaction-access.js';
import { createFor, deleteFor, listFor } from './reaction-operations.js';

export const listForIssueComment: Handler<'reactions/list-for-issue-comment'> = async (ctx) => {
  const found = await commentSubject(ctx);
  const { query } = await ctx.input();
  return listFor(ctx, found, query);
};

export const createForIssueComment: Handler<'reactions/create-for-issue-comment'> = async (ctx) => {
  ctx.user();
  const found = await commentSubject(ctx);
  const { body } = await ctx.input();
  return createFor(ctx, found, body.content);
};

export const deleteForIssueComment: Handler<'reactions/delete-for-issue-comment'> = async (ctx) => {
  ctx.user();
  const found = await commentSubject(ctx);
  return deleteFor(ctx, found, ctx.params.reaction_id);
};
