// One issue comment: get, update, delete. Changing or deleting someone
// else's comment needs push access.
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { deleteComment, editComment } from '../comment-changes.js';
import { commentById } from '../comment-rows.js';
import { commentView } from '../comment-view.js';
import { issueRepository } from './issue-access.js';
import { canChangeComment } from '../../access/issue-permissions.js';
import { inTransaction } from '../../transactions/in-transaction.js';

export const getIssueComment: Handler<'issues/get-comment'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const comment = await commentById(ctx.services.sql, repo.id, ctx.params.comment_id);
  if (!comment) throw notFound();
  return { status: 200, body: commentView(comment, ctx.services.urls) };
};

export const updateIssueComment: Handler<'issues/update-comment'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  const me = ctx.user().user;
  const comment = await commentById(ctx.services.sql, repo.id, ctx.params.comment_id);
  if (!comment) throw notFound();
  if (!canChangeComment(permission, comment.user_id, me.id))
    throw forbidden('Must have push access to edit this comment.');
  const { body } = await ctx.input();
  const updated = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    editComment(events, comment, body.body),
  );
  return { status: 200, body: commentView(updated, ctx.services.urls) };
};

export const deleteIssueComment: Handler<'issues/delete-comment'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  const me = ctx.user().user;
  const comment = await commentById(ctx.services.sql, repo.id, ctx.params.comment_id);
  if (!comment) throw notFound();
  if (!canChangeComment(permission, comment.user_id, me.id))
    throw forbidden('Must have push access to delete this comment.');
  ctx.checkScopes();
  const deleted = await inTransaction(ctx.services, repo, ctx.principal, (events) => deleteComment(events, comment));
  if (!deleted) throw notFound();
  return { status: 204, body: undefined };
};
