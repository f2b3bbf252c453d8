import { forbidden, notFound, validationFailed } from '../../../errors/domain-error.js';
import type { Handler } from '../../../http/operation-context.js';
import { canCommentWhenLocked } from '../../../access/issue-permissions.js';
import { inTransaction } from '../../../transactions/in-transaction.js';
import { repositoryLookup } from '../../../pulls/pull-access.js';
import { anchorComment } from '../diff-anchor.js';
import { bodyOf, visibleComment } from '../review-comment-access.js';
import { createReviewComment, type NewReviewComment } from '../../review-comment-changes.js';
import { pullCommitOf } from './review-comment-commit.js';
import { reviewCommentPull } from './review-comment-pull.js';

const missing = (field: string) =>
  validationFailed([{ resource: 'PullRequestReviewComment', field, code: 'missing_field' }]);

// POST …/pulls/{n}/comments: a comment on a line, a range or a file of the
// diff at `commit_id`, or (`in_reply_to`, every other field then ignored, as
// GitHub) a reply joining the thread of a comment of this pull request.
// Anyone who can read may comment, except on a locked conversation (push
// access then, as for issue comments).
export const createReviewCommentHandler: Handler<'pulls/create-review-comment'> = async (ctx) => {
  const { repo, permission, row } = await reviewCommentPull(ctx);
  const me = ctx.user().user;
  if (row.issue.locked && !canCommentWhenLocked(permission))
    throw forbidden('Unable to create comment because issue is locked.');
  const { body } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  let input: NewReviewComment;
  if (body.in_reply_to !== undefined) {
    const target = await visibleComment(sql, repo.id, body.in_reply_to, ctx.principal);
    if (!target || Number(target.issue_id) !== row.issue.id) throw notFound();
    input = { body: body.body, commitId: row.pull.head_sha, inReplyTo: Number(target.id) };
  } else {
    if (body.commit_id === undefined) throw missing('commit_id');
    if (body.path === undefined) throw missing('path');
    const commitId = await pullCommitOf(git, repo.id, row.pull, body.commit_id);
    const anchor = await anchorComment(git.pathOf(repo.id), row.pull.base_sha, commitId, {
      path: body.path,
      ...(body.subject_type !== undefined ? { subject_type: body.subject_type } : {}),
      ...(body.line !== undefined ? { line: body.line } : {}),
      ...(body.side !== undefined ? { side: body.side } : {}),
      ...(body.start_line !== undefined ? { start_line: body.start_line } : {}),
      ...(body.start_side !== undefined ? { start_side: body.start_side } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
    });
    input = { body: body.body, commitId, anchor };
  }
  const repos = await repositoryLookup(ctx.services, repo, [row.pull.head_repository_id]);
  const created = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    createReviewComment(events, row, repos, me.id, input),
  );
  const view = bodyOf(created, repo, urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
