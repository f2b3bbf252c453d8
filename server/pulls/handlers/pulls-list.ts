import type { Handler } from '../../http/operation-context.js';
import { routeRepository } from '../../http/repository-access.js';
import { pageRequest } from '../../paging/pagination.js';
import { UserViews } from '../../repos/user-view.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { visibleRepositoryLookup } from '../pull-access.js';
import { listPulls } from '../pull-list.js';
import { pullRequestSimpleView } from '../pull-view.js';

export const listPullsHandler: Handler<'pulls/list'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await listPulls(sql, repo.id, query, { limit: page.perPage, offset: page.offset });
  const repos = await visibleRepositoryLookup(
    ctx.services,
    ctx.principal,
    repo,
    rows.map((row) => row.pull.head_repository_id),
  );
  const users = new UserViews(urls);
  const body = rows.map((row) => pullRequestSimpleView(row, repos, urls, users));
  return { status: 200, body, headers: pageHeaders(urls, ctx.event.url, page, total) };
};
