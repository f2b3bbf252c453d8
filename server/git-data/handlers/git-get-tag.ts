import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { findObject } from '../repository-objects.js';
import { gitTagView } from '../tag-view.js';

export const getTag: Handler<'git/get-tag'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const { git, urls } = ctx.services;
  const { sha } = await findObject(git, repo.id, ctx.params.tag_sha, 'tag');
  return { status: 200, body: await gitTagView(git, repo, sha, urls) };
};
