import type { Handler } from '../../../http/operation-context.js';
import { gistCommentView } from '../gist-comment-view.js';
import { createGistComment, gistForComments } from '../gist-comments-service.js';

// Any signed-in user with the `gist` scope comments on a gist it has the id of.
export const createGistCommentHandler: Handler<'gists/create-comment'> = async (ctx) => {
  const { sql, urls } = ctx.services;
  const gist = await gistForComments(sql, ctx.principal, ctx.params.gist_id, 'comment');
  const { body } = await ctx.input();
  const view = gistCommentView(await createGistComment(sql, ctx.principal, gist, body.body), urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
