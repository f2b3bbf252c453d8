import type { Handler } from '../../http/operation-context.js';
import { createRepository } from '../create-repository.js';

export const createRepositoryForUser: Handler<'repos/create-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { body } = await ctx.input();
  const view = await createRepository(ctx.services, me, me.user.id, body);
  return { status: 201 as const, body: view, headers: { Location: view.url } };
};
