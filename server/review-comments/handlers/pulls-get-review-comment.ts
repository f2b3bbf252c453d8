import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pullRepository } from '../../pulls/pull-access.js';
import { viewerOf, visibleComment } from './review-comment-access.js';
import { reviewCommentBodies } from './review-comment-list.js';

// GET …/pulls/comments/{id}: 404 for another person's pending comment too.
export const getReviewComment: Handler<'pulls/get-review-comment'> = async (ctx) => {
  const { repo } = await pullRepository(ctx);
  const id = ctx.params.comment_id;
  if (!Number.isSafeInteger(id)) throw notFound();
  const comment = await visibleComment(ctx.services.sql, repo.id, id, viewerOf(ctx.principal));
  if (!comment) throw notFound();
  const [body] = await reviewCommentBodies(ctx.services.sql, repo, [comment.id], ctx.services.urls);
  if (!body) throw notFound();
  return { status: 200, body };
};
