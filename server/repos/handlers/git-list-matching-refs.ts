import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { fullRefName } from '../ref-param.js';
import { refListResponse } from './ref-list.js';

// A plain prefix of the full name, as GitHub matches it: `heads/feat` lists
// refs/heads/feat and refs/heads/featureA alike; no match is `[]`.
export const listMatchingRefs: Handler<'git/list-matching-refs'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  return refListResponse(ctx, repo, fullRefName(ctx.params.ref), query);
};
