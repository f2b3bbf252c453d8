import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { reviewTarget } from './review-access.js';
import { reviewsOfPull } from '../review-rows.js';
import { pullRequestReviewView } from '../review-view.js';

// GET …/reviews: oldest first; a pending review is listed to its author only.
export const listReviews: Handler<'pulls/list-reviews'> = async (ctx) => {
  const { pull, viewerId } = await reviewTarget(ctx);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await reviewsOfPull(sql, pull.issue.id, viewerId, {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((row) => pullRequestReviewView(row, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
