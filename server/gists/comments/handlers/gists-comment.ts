// One gist comment: get, update (its author), delete (its author or the
// gist's owner). A comment id of another gist is 404, as an unknown one.
import type { Handler } from '../../../http/operation-context.js';
import { gistCommentView } from '../gist-comment-view.js';
import {
  deleteGistComment,
  editGistComment,
  ensureMayChange,
  gistComment,
  gistForComments,
} from '../gist-comments-service.js';

export const getGistCommentHandler: Handler<'gists/get-comment'> = async (ctx) => {
  const { sql, urls } = ctx.services;
  const gist = await gistForComments(sql, ctx.principal, ctx.params.gist_id, 'read');
  const comment = await gistComment(sql, gist, ctx.params.comment_id);
  return { status: 200, body: gistCommentView(comment, urls) };
};

export const updateGistCommentHandler: Handler<'gists/update-comment'> = async (ctx) => {
  const { sql, urls } = ctx.services;
  const gist = await gistForComments(sql, ctx.principal, ctx.params.gist_id, 'comment');
  const comment = await gistComment(sql, gist, ctx.params.comment_id);
  ensureMayChange(ctx.principal, gist, comment, 'edit');
  const { body } = await ctx.input();
  return { status: 200, body: gistCommentView(await editGistComment(sql, comment, body.body), urls) };
};

export const deleteGistCommentHandler: Handler<'gists/delete-comment'> = async (ctx) => {
  const { sql } = ctx.services;
  const gist = await gistForComments(sql, ctx.principal, ctx.params.gist_id, 'comment');
  const comment = await gistComment(sql, gist, ctx.params.comment_id);
  ensureMayChange(ctx.principal, gist, comment, 'delete');
  await deleteGistComment(sql, comment);
  return { status: 204, body: undefined };
};
