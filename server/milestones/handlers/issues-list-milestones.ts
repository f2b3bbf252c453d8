import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { milestoneView } from '../milestone-view.js';
import { listMilestones } from '../milestones-store.js';

export const listMilestonesHandler: Handler<'issues/list-milestones'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await listMilestones(sql, repo.id, {
    state: query.state ?? 'open',
    sort: query.sort ?? 'due_on',
    direction: query.direction ?? 'asc',
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((m) => milestoneView(m, repo, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
