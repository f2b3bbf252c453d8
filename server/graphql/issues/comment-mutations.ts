// addComment, updateIssueComment and deleteIssueComment: REST's rules and
// store (comment-changes.ts), so each emits the `issue_comment` event REST
// does, in its transaction. Anyone who can read may comment, except on a
// locked issue (push access); changing or deleting another's comment needs
// push access.
import { createComment, deleteComment, editComment } from '../../issues/comment-changes.js';
import { commentById, type CommentRow } from '../../issues/comment-rows.js';
import { canChangeComment, canCommentWhenLocked } from '../../access/issue-permissions.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { encodeCursor } from '../core/paginate.js';
import type { GraphqlContext } from '../core/context.js';
import { nodeNotFound } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { inMutation, storable } from '../mutation/in-mutation.js';
import { forbiddenMutation, visibleSubject, writerOf } from '../access/writer.js';

type M = Required<MutationResolvers>;

/** The comment behind an IC_ id, with its visible repository; NOT_FOUND otherwise. */
async function visibleComment(ctx: GraphqlContext, id: string): Promise<{ comment: CommentRow; repo: RepositoryRow }> {
  const commentId = decodeNodeIdOf(id, 'IssueComment');
  const model = commentId === null ? null : await ctx.loaders.commentById.load(commentId);
  const repo = model === null ? null : await ctx.loaders.repositoryById.load(model.repository_id);
  if (model === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  const comment = await commentById(ctx.services.sql, repo.id, model.id);
  if (comment === null) throw nodeNotFound(id);
  return { comment, repo };
}

export const addComment: M['addComment'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.subjectId);
  await writerOf(ctx, repo, 'addComment', 'read');
  // A lock weighs the caller's permission as REST reads it: an installation's is its grant's (`issues: write` is
  // triage), not the writer a mutation makes it; GitHub refuses apps on a locked issue too.
  if (issue.locked && !canCommentWhenLocked(await ctx.access.permissionOn(repo)))
    throw forbiddenMutation(ctx, 'addComment');
  const comment = await inMutation(ctx, repo, 'addComment', (events) =>
    createComment(events, issue, storable(input.body, 'body')),
  );
  // The new comment is the issue's last: its cursor is its position, the count with it.
  // The subject as it is now (its comment count includes the new one); the loaders were cleared by inMutation.
  const subject = (await ctx.loaders.issueById.load(issue.id)) ?? issue;
  return {
    clientMutationId: input.clientMutationId,
    commentEdge: { cursor: encodeCursor(subject.comments), node: comment },
    subject: await shown(subject),
  };
};

export const updateIssueComment: M['updateIssueComment'] = async (_parent, { input }, ctx) => {
  const { comment, repo } = await visibleComment(ctx, input.id);
  const writer = await writerOf(ctx, repo, 'updateIssueComment', 'read');
  if (!canChangeComment(writer.permission, comment.user_id, writer.userId))
    throw forbiddenMutation(ctx, 'updateIssueComment');
  const updated = await inMutation(ctx, repo, 'updateIssueComment', (events) =>
    editComment(events, comment, storable(input.body, 'body')),
  );
  return { clientMutationId: input.clientMutationId, issueComment: updated };
};

export const deleteIssueComment: M['deleteIssueComment'] = async (_parent, { input }, ctx) => {
  const { comment, repo } = await visibleComment(ctx, input.id);
  const writer = await writerOf(ctx, repo, 'deleteIssueComment', 'read');
  if (!canChangeComment(writer.permission, comment.user_id, writer.userId))
    throw forbiddenMutation(ctx, 'deleteIssueComment');
  const deleted = await inMutation(ctx, repo, 'deleteIssueComment', (events) => deleteComment(events, comment));
  if (!deleted) throw nodeNotFound(input.id);
  return { clientMutationId: input.clientMutationId };
};
