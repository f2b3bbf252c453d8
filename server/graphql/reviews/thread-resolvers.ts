// PullRequestReviewThread: the thread's place in the diff (its own columns),
// its comments (read whole per thread: `skip`, `first`, `last` are slices),
// who resolved it, and whether the viewer may resolve or unresolve it.
import { encodeNodeId } from '../../ids/node-id.js';
import { listConnection } from '../core/connection.js';
import { githubError } from '../core/errors.js';
import type { PullRequestReviewThreadResolvers } from '../generated/resolvers-types.js';
import { repositoryOf } from '../pulls/pull-paths.js';
import { pullOfRow } from '../pulls/pull-paths.js';
import { canResolve } from './thread-access.js';

export const PullRequestReviewThread: PullRequestReviewThreadResolvers = {
  id: (thread) => encodeNodeId('PullRequestReviewThread', thread.id),
  path: (thread) => thread.path,
  subjectType: (thread) => (thread.subject_type === 'file' ? 'FILE' : 'LINE'),
  // A file comment has no side; GitHub's field is non-null and shows RIGHT (the head's file).
  diffSide: (thread) => thread.side ?? 'RIGHT',
  startDiffSide: (thread) => thread.start_side,
  line: (thread) => thread.line,
  startLine: (thread) => thread.start_line,
  originalLine: (thread) => thread.original_line,
  originalStartLine: (thread) => thread.original_start_line,
  isOutdated: (thread) => thread.outdated,
  isResolved: (thread) => thread.resolved_at !== null,
  // GitHub collapses a thread when it is resolved.
  isCollapsed: (thread) => thread.resolved_at !== null,
  resolvedBy: (thread, _args, ctx) =>
    thread.resolved_by_id === null ? null : ctx.loaders.accountById.load(thread.resolved_by_id),
  comments: async (thread, args, ctx) => {
    const skip = args.skip ?? 0;
    if (skip < 0) throw githubError('INVALID_ARGUMENTS', '`skip` on the comments connection cannot be less than zero.');
    // `skip` leaves out the thread's first comments; cursors count positions in what remains.
    return listConnection((await ctx.loaders.threadComments.load(thread.id)).slice(skip), args, 'comments');
  },
  pullRequest: (thread, _args, ctx) => pullOfRow(ctx, thread.issue_id),
  repository: (thread, _args, ctx) => repositoryOf(ctx, thread.repository_id),
  viewerCanResolve: async (thread, _args, ctx) => thread.resolved_at === null && (await canResolve(ctx, thread)),
  viewerCanUnresolve: async (thread, _args, ctx) => thread.resolved_at !== null && (await canResolve(ctx, thread)),
};
