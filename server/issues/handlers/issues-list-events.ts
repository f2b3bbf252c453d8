import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { findIssue, issueRepository } from './issue-access.js';
import { issueEventView, listIssueEvents } from '../issue-events.js';

export const listEvents: Handler<'issues/list-events'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await listIssueEvents(sql, issue.id, page.perPage, page.offset);
  const names = { owner: repo.owner_login, name: repo.name };
  return {
    status: 200,
    body: rows.map((row) => issueEventView(row, names, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
