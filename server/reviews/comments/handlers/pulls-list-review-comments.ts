import type { Handler } from '../../../http/operation-context.js';
import { pageHeaders } from '../../../issues/page-headers.js';
import { reviewCommentsByPull } from '../review-comment-store.js';
import { bodyOf, viewerOf } from '../review-comment-access.js';
import { listRequest } from './review-comment-list.js';
import { reviewCommentPull } from './review-comment-pull.js';

// GET …/pulls/{n}/comments: oldest first unless `sort`/`direction` say otherwise.
export const listReviewComments: Handler<'pulls/list-review-comments'> = async (ctx) => {
  const { repo, row } = await reviewCommentPull(ctx);
  const { query } = await ctx.input();
  const { page, filters, limits } = listRequest(ctx.event, query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await reviewCommentsByPull(sql, row.issue.id, viewerOf(ctx.principal), filters, limits);
  return {
    status: 200,
    body: rows.map((comment) => bodyOf(comment, repo, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
