import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { createComment } from '../comment-changes.js';
import { commentView } from '../comment-view.js';
import { findIssue, issueRepository } from './issue-access.js';
import { canCommentWhenLocked } from '../../access/issue-permissions.js';
import { inTransaction } from '../../transactions/in-transaction.js';

// Anyone who can read may comment, except on a locked conversation, which
// takes comments only from users with push access (GitHub's 403).
export const createIssueComment: Handler<'issues/create-comment'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  ctx.user();
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  if (issue.locked && !canCommentWhenLocked(permission))
    throw forbidden('Unable to create comment because issue is locked.');
  const { body } = await ctx.input();
  const comment = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    createComment(events, issue, body.body),
  );
  const view = commentView(comment, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
