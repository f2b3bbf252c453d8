import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pullRepository, repositoryLookup } from '../pull-access.js';
import { pullByNumber } from '../pull-rows.js';
import { pullViewCache } from '../pull-view-cache.js';

export const getPull: Handler<'pulls/get'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  // Kept while nothing it shows changed (pull-view-cache.ts).
  const body = await pullViewCache(ctx.services).view(repo, ctx.params.pull_number, ctx.services.urls, async () => {
    const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
    return row && { row, repos: await repositoryLookup(ctx.services, repo, [row.pull.head_repository_id]) };
  });
  if (!body) throw notFound();
  return { status: 200, body };
};
