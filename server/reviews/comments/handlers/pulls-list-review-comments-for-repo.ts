import type { Handler } from '../../../http/operation-context.js';
import { routeRepository } from '../../../http/repository-access.js';
import { pageHeaders } from '../../../issues/page-headers.js';
import { reviewCommentsByRepository } from '../review-comment-store.js';
import { bodyOf, viewerOf } from '../review-comment-access.js';
import { listRequest } from './review-comment-list.js';

// GET …/pulls/comments: every pull request's review comments, oldest first
// unless `sort`/`direction` say otherwise.
export const listReviewCommentsForRepo: Handler<'pulls/list-review-comments-for-repo'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const { query } = await ctx.input();
  const { page, filters, limits } = listRequest(ctx.event, query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await reviewCommentsByRepository(sql, repo.id, viewerOf(ctx.principal), filters, limits);
  return {
    status: 200,
    body: rows.map((row) => bodyOf(row, repo, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
