import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { gitCommitView } from '../commit-view.js';
import { findObject } from '../repository-objects.js';

export const getCommit: Handler<'git/get-commit'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const { git, urls } = ctx.services;
  const { sha } = await findObject(git, repo.id, ctx.params.commit_sha, 'commit');
  return { status: 200, body: await gitCommitView(git, repo, sha, urls) };
};
