import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { repositoryResponse } from './repos-get.js';

// The id survives renames, so clients keep it; the answer is GET /repos/{owner}/{repo}'s
// for wherever the repository now is (a private one stays 404/403 to outsiders).
export const getRepositoryById: Handler<'repos/get-by-id'> = async (ctx) => {
  const row = await ctx.services.repos.byId(ctx.params.repository_id);
  if (!row) throw notFound();
  return repositoryResponse(ctx, row.owner_login, row.name);
};
