import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { refListResponse } from './ref-list.js';

// Every ref, any namespace (GitHub's undocumented GET …/git/refs, PyGithub's get_git_refs).
export const listRefs: Handler<'git/list-refs'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  return refListResponse(ctx, repo, 'refs/', query);
};
