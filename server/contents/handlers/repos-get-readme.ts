import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { readmeReply } from './readme-reply.js';

export const getReadme: Handler<'repos/get-readme'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  return readmeReply(ctx, repo, '', query.ref);
};
