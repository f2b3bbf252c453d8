import type { Handler } from '../../http/operation-context.js';
import { issueSubject } from './reaction-access.js';
import { createFor, deleteFor, listFor } from './reaction-operations.js';

export const listForIssue: Handler<'reactions/list-for-issue'> = async (ctx) => {
  const found = await issueSubject(ctx);
  const { query } = await ctx.input();
  return listFor(ctx, found, query);
};

export const createForIssue: Handler<'reactions/create-for-issue'> = async (ctx) => {
  ctx.user();
  const found = await issueSubject(ctx);
  const { body } = await ctx.input();
  return createFor(ctx, found, body.content);
};

export const deleteForIssue: Handler<'reactions/delete-for-issue'> = async (ctx) => {
  ctx.user();
  const found = await issueSubject(ctx);
  return deleteFor(ctx, found, ctx.params.reaction_id);
};
