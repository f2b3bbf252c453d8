import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../http/pagination.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { viewerOf } from './review-comment-access.js';
import { listPullReviewComments, reviewCommentBodies } from './review-comment-list.js';
import { reviewCommentPull } from './review-comment-pull.js';

// GET …/pulls/{n}/comments: oldest first unless `sort` says otherwise
// (`direction` only with `sort`, as for the repository's list).
export const listReviewComments: Handler<'pulls/list-review-comments'> = async (ctx) => {
  const { repo, row } = await reviewCommentPull(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const filters = { since: query.since, sort: query.sort, direction: ctx.event.url.searchParams.has('sort') ? query.direction : undefined };
  const { ids, total } = await listPullReviewComments(sql, row.issue.id, viewerOf(ctx.principal), filters, { limit: page.perPage, offset: page.offset });
  return { status: 200, body: await reviewCommentBodies(sql, repo, ids, urls), headers: pageHeaders(urls, ctx.event.url, page, total) };
};
