import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { issueRepository } from './issue-access.js';
import { issueListCache } from '../issue-list-cache.js';
import { listRepositoryIssues } from '../issue-list.js';
import { issueViews } from '../issue-view.js';

// `type` is accepted for compatibility: Wharf has no issue types, so a type
// matches no issue.
export const listRepositoryIssuesHandler: Handler<'issues/list-for-repo'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const matchesNothing = Boolean(query.type);
  // Built only when the repository's issues changed since (issue-list-cache.ts).
  const { body, total } = await issueListCache(ctx.services).page(repo.id, query, page, async () => {
    const { rows, total } = matchesNothing
      ? { rows: [], total: 0 }
      : await listRepositoryIssues(sql, repo.id, query, { limit: page.perPage, offset: page.offset });
    return { body: issueViews(rows, urls), total };
  });
  return { status: 200, body, headers: pageHeaders(urls, ctx.event.url, page, total) };
};
