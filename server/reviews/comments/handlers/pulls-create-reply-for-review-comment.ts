import { forbidden, notFound } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { canCommentWhenLocked } from '../../../access/issue-permissions.js';
import { inTransaction } from '../../../transactions/in-transaction.js';
import { repositoryLookup } from '../../../pulls/pull-access.js';
import { bodyOf, visibleComment } from '../review-comment-access.js';
import { createReviewComment } from '../../review-comment-changes.js';
import { reviewCommentPull } from './review-comment-pull.js';

// POST …/pulls/{n}/comments/{id}/replies: the reply joins the thread of
// comment `id`, which must be one of this pull request (404 otherwise).
export const createReplyForReviewComment: Handler<'pulls/create-reply-for-review-comment'> = async (ctx) => {
  const { repo, permission, row } = await reviewCommentPull(ctx);
  const me = ctx.user().user;
  const target = await visibleComment(ctx.services.sql, repo.id, ctx.params.comment_id, ctx.principal);
  if (!target || Number(target.issue_id) !== row.issue.id) throw notFound();
  if (row.issue.locked && !canCommentWhenLocked(permission))
    throw forbidden('Unable to create comment because issue is locked.');
  const { body } = await ctx.input();
  const input = { body: body.body, commitId: row.pull.head_sha, inReplyTo: Number(target.id) };
  const repos = await repositoryLookup(ctx.services, repo, [row.pull.head_repository_id]);
  const created = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    createReviewComment(events, row, repos, me.id, input),
  );
  const view = bodyOf(created, repo, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
