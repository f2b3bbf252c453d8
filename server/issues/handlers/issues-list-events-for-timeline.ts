import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { findIssue, issueRepository } from './issue-access.js';
import { listTimeline, timelineView } from '../issue-timeline.js';

export const listEventsForTimeline: Handler<'issues/list-events-for-timeline'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { entries, total } = await listTimeline(sql, issue.id, { limit: page.perPage, offset: page.offset });
  const names = { owner: repo.owner_login, name: repo.name };
  return {
    status: 200,
    body: entries.map((entry) => timelineView(entry, names, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
