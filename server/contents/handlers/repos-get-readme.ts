import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { readmeResult } from '../readme.js';

export const getReadme: Handler<'repos/get-readme'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  return readmeResult(ctx, repo, '', query.ref);
};
