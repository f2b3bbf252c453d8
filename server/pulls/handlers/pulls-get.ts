import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pullRepository, repositoryLookup } from '../pull-access.js';
import { pullByNumber } from '../pull-rows.js';
import { cachedPullRequestView } from '../pull-view-cache.js';

export const getPull: Handler<'pulls/get'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  const repos = await repositoryLookup(ctx.services, repo, [row.pull.head_repository_id]);
  return { status: 200, body: cachedPullRequestView(ctx.services, repo, row, repos) };
};
