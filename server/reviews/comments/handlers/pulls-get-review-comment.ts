import { notFound } from '../../../errors/domain-error.js';
import { routeRepository } from '../../../http/repository-access.js';
import type { Handler } from '../../../http/operation-context.js';
import { bodyOf, visibleComment } from '../review-comment-access.js';

// GET …/pulls/comments/{id}: 404 for another person's pending comment too.
export const getReviewComment: Handler<'pulls/get-review-comment'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const comment = await visibleComment(ctx.services.sql, repo.id, ctx.params.comment_id, ctx.principal);
  if (!comment) throw notFound();
  return { status: 200, body: bodyOf(comment, repo, ctx.services.urls) };
};
