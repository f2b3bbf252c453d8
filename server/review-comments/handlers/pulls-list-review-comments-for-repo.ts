import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../http/pagination.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { pullRepository } from '../../pulls/pull-access.js';
import { viewerOf } from './review-comment-access.js';
import { listRepositoryReviewComments, reviewCommentBodies } from './review-comment-list.js';

// GET …/pulls/comments. `direction` is ignored without `sort`, as GitHub
// documents (the validator fills in `sort`'s default, so the request's own
// query tells).
export const listReviewCommentsForRepo: Handler<'pulls/list-review-comments-for-repo'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const filters = { since: query.since, sort: query.sort, direction: ctx.event.url.searchParams.has('sort') ? query.direction : undefined };
  const { ids, total } = await listRepositoryReviewComments(sql, repo.id, viewerOf(ctx.principal), filters, { limit: page.perPage, offset: page.offset });
  return { status: 200, body: await reviewCommentBodies(sql, repo, ids, urls), headers: pageHeaders(urls, ctx.event.url, page, total) };
};
