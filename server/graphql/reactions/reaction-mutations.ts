// addReaction and removeReaction: REST's rules and store (reactions-store.ts,
// which keeps the subject's rollup in the transaction of each change). Anyone
// who can read may react, except in a locked conversation (push access); the
// same reaction twice answers the existing one; only one's own reaction is
// removed (the input names the content, the viewer's reaction of it goes).
// A release takes six contents (no THUMBS_DOWN, no CONFUSED), as on GitHub.
import { decodeNodeId } from '../../ids/node-id.js';
import { canCommentWhenLocked } from '../../access/issue-permissions.js';
import {
  addReaction as storeAdd,
  ownReactionId,
  removeReaction as storeRemove,
} from '../../reactions/reactions-store.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, nodeNotFound } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { clearIssueLoaders } from '../mutation/in-mutation.js';
import { writerOf } from '../access/writer.js';
import { loadRelease } from '../releases/release-resolvers.js';
import { conversationLocked } from './reaction-resolvers.js';
import {
  isComment,
  isRelease,
  isReview,
  isReviewComment,
  reactionGroupsOf,
  restContent,
  subjectOf,
  takesContent,
  type ReactableModel,
} from './reaction-models.js';

import { isPull } from '../pulls/pull-models.js';

type M = Required<MutationResolvers>;

/** The issue, pull request, comment, review or release behind a subject id, with its visible repository and whether its conversation is locked; NOT_FOUND otherwise. */
async function visibleReactable(
  ctx: GraphqlContext,
  id: string,
): Promise<{ subject: ReactableModel; repo: RepositoryRow; locked: boolean }> {
  const decoded = decodeNodeId(id);
  let subject: ReactableModel | null = null;
  if (decoded?.oid === undefined && decoded?.type === 'Issue') subject = await ctx.loaders.issueById.load(decoded.id);
  if (decoded?.oid === undefined && decoded?.type === 'IssueComment')
    subject = await ctx.loaders.commentById.load(decoded.id);
  if (decoded?.oid === undefined && decoded?.type === 'PullRequest')
    subject = await ctx.loaders.pullById.load(decoded.id);
  // Someone else's pending review, or a comment of it, is not loaded (NOT_FOUND), as REST's 404.
  if (decoded?.oid === undefined && decoded?.type === 'PullRequestReviewComment')
    subject = await ctx.loaders.reviewCommentById.load(decoded.id);
  if (decoded?.oid === undefined && decoded?.type === 'PullRequestReview')
    subject = await ctx.loaders.reviewById.load(decoded.id);
  // A draft the caller may not see is not loaded (NOT_FOUND), as REST's 404.
  if (decoded?.oid === undefined && decoded?.type === 'Release') subject = await loadRelease(ctx, decoded.id);
  const repo = subject === null ? null : await ctx.loaders.repositoryById.load(subject.repository_id);
  if (subject === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  return { subject, repo, locked: await conversationLocked(ctx, subject) };
}

/** The subject as it is after the change (its rollup moved), read afresh. */
async function freshSubject(ctx: GraphqlContext, subject: ReactableModel, id: string): Promise<ReactableModel> {
  clearIssueLoaders(ctx);
  if (isReviewComment(subject)) ctx.loaders.reviewCommentById.clear(subject.id);
  if (isRelease(subject)) ctx.loaders.releaseById.clear(subject.id);
  if (isReview(subject)) ctx.loaders.reviewById.clear(subject.id);
  const fresh = isRelease(subject)
    ? await loadRelease(ctx, subject.id)
    : isReview(subject)
      ? await ctx.loaders.reviewById.load(subject.id)
      : isReviewComment(subject)
        ? await ctx.loaders.reviewCommentById.load(subject.id)
        : isComment(subject)
          ? await ctx.loaders.commentById.load(subject.id)
          : isPull(subject)
            ? await ctx.loaders.pullById.load(subject.id)
            : await ctx.loaders.issueById.load(subject.id);
  if (fresh === null) throw nodeNotFound(id);
  return fresh;
}

export const addReaction: M['addReaction'] = async (_parent, { input }, ctx) => {
  const { subject, repo, locked } = await visibleReactable(ctx, input.subjectId);
  const writer = await writerOf(ctx, repo, 'addReaction', 'read');
  if (locked && !canCommentWhenLocked(await ctx.access.permissionOn(repo)))
    throw githubError('FORBIDDEN', 'Unable to create reaction because issue is locked.');
  if (!takesContent(subject, restContent(input.content)))
    throw githubError('UNPROCESSABLE', `A release cannot be reacted to with ${input.content}.`);
  const added = await storeAdd(ctx.services.sql, subjectOf(subject), writer.userId, restContent(input.content));
  if (added === null) throw nodeNotFound(input.subjectId);
  const after = await freshSubject(ctx, subject, input.subjectId);
  const reaction = await ctx.loaders.reactionById.load(added.row.id);
  return {
    clientMutationId: input.clientMutationId,
    reaction,
    subject: after,
    reactionGroups: reactionGroupsOf(after),
  };
};

export const removeReaction: M['removeReaction'] = async (_parent, { input }, ctx) => {
  const { subject, repo } = await visibleReactable(ctx, input.subjectId);
  const writer = await writerOf(ctx, repo, 'removeReaction', 'read');
  const reactionSubject = subjectOf(subject);
  const id = await ownReactionId(ctx.services.sql, reactionSubject, writer.userId, restContent(input.content));
  // The reaction as it was: the payload shows what went (its ID resolves to nothing from now on).
  const reaction = id === null ? null : await ctx.loaders.reactionById.load(id);
  const removed =
    id !== null && (await storeRemove(ctx.services.sql, reactionSubject, id, writer.userId)) === 'removed';
  const after = await freshSubject(ctx, subject, input.subjectId);
  return {
    clientMutationId: input.clientMutationId,
    reaction: removed ? reaction : null,
    subject: after,
    reactionGroups: reactionGroupsOf(after),
  };
};
