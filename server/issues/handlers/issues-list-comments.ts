import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { listIssueComments, listRepositoryComments } from '../comment-list.js';
import { commentView } from '../comment-view.js';
import { findIssue, issueRepository } from './issue-access.js';

export const listIssueCommentsHandler: Handler<'issues/list-comments'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await listIssueComments(sql, issue.id, query, { limit: page.perPage, offset: page.offset });
  return {
    status: 200,
    body: rows.map((row) => commentView(row, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};

// `direction` is ignored without `sort`, as GitHub documents (the validator
// fills in `sort`'s default, so the request's own query tells).
export const listRepositoryCommentsHandler: Handler<'issues/list-comments-for-repo'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const filters = {
    since: query.since,
    sort: query.sort,
    direction: ctx.event.url.searchParams.has('sort') ? query.direction : undefined,
  };
  const { rows, total } = await listRepositoryComments(sql, repo.id, filters, {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((row) => commentView(row, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
