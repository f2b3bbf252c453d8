import type { Handler } from '../../http/operation-context.js';
import { createRepository } from '../create-repository.js';

export const createRepositoryForUser: Handler<'repos/create-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { body } = await ctx.input();
  return createRepository(ctx, me.user.id, body);
};
