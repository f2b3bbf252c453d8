import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../http/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { issueRepository } from '../issue-access.js';
import { listRepositoryIssues } from '../issue-list.js';
import { issueViews } from '../issue-view.js';

// Filters on labels, milestones and types are accepted for compatibility:
// until those exist, a label or type matches no issue, `milestone=*` none and
// `milestone=none` every one.
export const listRepositoryIssuesHandler: Handler<'issues/list-for-repo'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const matchesNothing = Boolean(query.labels) || Boolean(query.type) || query.milestone === '*';
  const { rows, total } = matchesNothing
    ? { rows: [], total: 0 }
    : await listRepositoryIssues(sql, repo.id, query, { limit: page.perPage, offset: page.offset });
  return { status: 200, body: issueViews(rows, urls), headers: pageHeaders(urls, ctx.event.url, page, total) };
};
