import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../repository-access.js';
import { fullRepositoryView } from '../repository-view.js';

export const getRepository: Handler<'repos/get'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { repos, urls } = ctx.services;
  const body = repos.cachedView(repo, `full:${permission}`, () => fullRepositoryView(repo, permission, urls));
  return { status: 200, body };
};
