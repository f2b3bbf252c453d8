import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pullRepository, repositoryLookup } from '../pull-access.js';
import { pullByNumber } from '../pull-rows.js';
import { pullRequestView } from '../pull-view.js';

export const getPull: Handler<'pulls/get'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  const repos = await repositoryLookup(ctx.services, repo, [row.pull.head_repository_id]);
  return { status: 200, body: pullRequestView(row, repos, ctx.services.urls) };
};
