import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { reviewCommentsByReview } from '../comments/review-comment-store.js';
import { reviewCommentView } from '../comments/review-comment-view.js';
import { reviewTarget } from './review-access.js';
import { reviewOfPull } from '../review-rows.js';

// GET …/reviews/{id}/comments: the review's comments, oldest first (404 as GET of the review).
export const listReviewComments: Handler<'pulls/list-comments-for-review'> = async (ctx) => {
  const { repo, pull, viewerId } = await reviewTarget(ctx);
  const { sql, urls } = ctx.services;
  const review = await reviewOfPull(sql, pull.issue.id, ctx.params.review_id, viewerId);
  if (!review) throw notFound();
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { rows, total } = await reviewCommentsByReview(sql, review.id, viewerId, {
    limit: page.perPage,
    offset: page.offset,
  });
  const names = { owner: repo.owner_login, name: repo.name };
  return {
    status: 200,
    body: rows.map((row) => reviewCommentView(row, names, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
