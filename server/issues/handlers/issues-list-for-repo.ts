import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../http/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { issueRepository } from '../issue-access.js';
import { listRepositoryIssues } from '../issue-list.js';
import { issueViews } from '../issue-view.js';

// `type` is accepted for compatibility: Wharf has no issue types, so a type
// matches no issue.
export const listRepositoryIssuesHandler: Handler<'issues/list-for-repo'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = query.type
    ? { rows: [], total: 0 }
    : await listRepositoryIssues(sql, repo.id, query, { limit: page.perPage, offset: page.offset });
  return { status: 200, body: issueViews(rows, urls), headers: pageHeaders(urls, ctx.event.url, page, total) };
};
