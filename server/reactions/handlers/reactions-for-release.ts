import type { Handler } from '../../http/operation-context.js';
import { releaseSubject } from './reaction-access.js';
import { createFor, deleteFor, listFor } from './reaction-operations.js';

export const listForRelease: Handler<'reactions/list-for-release'> = async (ctx) => {
  const found = await releaseSubject(ctx);
  const { query } = await ctx.input();
  return listFor(ctx, found, query);
};

export const createForRelease: Handler<'reactions/create-for-release'> = async (ctx) => {
  ctx.user();
  const found = await releaseSubject(ctx);
  const { body } = await ctx.input();
  return createFor(ctx, found, body.content);
};

export const deleteForRelease: Handler<'reactions/delete-for-release'> = async (ctx) => {
  ctx.user();
  const found = await releaseSubject(ctx);
  return deleteFor(ctx, found, ctx.params.reaction_id);
};
