// PullRequestReview and PullRequestReviewComment, read through the
// per-request loaders (review-loaders.ts). A review comment shows its
// thread's place in the diff (path, lines, hunk, commits), as GitHub's
// replies do; `position` and `line` are where the thread sits on the head it
// was last mapped to, null once outdated.
import { isoSeconds, isoSecondsOrNull } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { PullRequestReviewCommentResolvers, PullRequestReviewResolvers } from '../generated/resolvers-types.js';
import { pullOfRow, repositoryOf } from '../pulls/pull-paths.js';
import { commitOf, reviewCommentPath, reviewPath } from './review-paths.js';

const author = (userId: number | null, ctx: GraphqlContext) =>
  userId === null ? null : ctx.loaders.accountById.load(userId);

export const PullRequestReview: PullRequestReviewResolvers = {
  id: (review) => encodeNodeId('PullRequestReview', review.id),
  databaseId: (review) => review.id,
  author: (review, _args, ctx) => author(review.user_id, ctx),
  authorAssociation: (review) => review.author_association,
  body: (review) => review.body,
  state: (review) => review.state,
  submittedAt: (review) => isoSecondsOrNull(review.submitted_at),
  publishedAt: (review) => isoSecondsOrNull(review.submitted_at),
  createdAt: (review) => isoSeconds(review.created_at),
  updatedAt: (review) => isoSeconds(review.updated_at),
  commit: (review, _args, ctx) => commitOf(ctx, review.repository_id, review.commit_id),
  comments: async (review, args, ctx) => {
    const window = twoWayWindow(args, 'comments');
    const page = await ctx.loaders.reviewCommentPage.load({ repositoryId: review.id, page: window });
    return connection(page.rows, page.total, pageAt(window, page.rows.length, page.total));
  },
  pullRequest: (review, _args, ctx) => pullOfRow(ctx, review.issue_id),
  repository: (review, _args, ctx) => repositoryOf(ctx, review.repository_id),
  resourcePath: (review, _args, ctx) => reviewPath(ctx, review),
  url: async (review, _args, ctx) => ctx.services.urls.html(await reviewPath(ctx, review)),
  viewerDidAuthor: (review, _args, ctx) => review.user_id !== null && review.user_id === ctx.access.viewerId,
};

export const PullRequestReviewComment: PullRequestReviewCommentResolvers = {
  id: (comment) => encodeNodeId('PullRequestReviewComment', comment.id),
  databaseId: (comment) => comment.id,
  author: (comment, _args, ctx) => author(comment.user_id, ctx),
  authorAssociation: (comment) => comment.author_association,
  body: (comment) => comment.body,
  createdAt: (comment) => isoSeconds(comment.created_at),
  updatedAt: (comment) => isoSeconds(comment.updated_at),
  draftedAt: (comment) => isoSeconds(comment.created_at),
  // A comment is published when its review is submitted (at once for a single comment).
  publishedAt: (comment) => isoSecondsOrNull(comment.review_submitted_at),
  state: (comment) => (comment.review_state === 'PENDING' ? 'PENDING' : 'SUBMITTED'),
  path: (comment) => comment.path,
  subjectType: (comment) => (comment.subject_type === 'file' ? 'FILE' : 'LINE'),
  diffHunk: (comment) => comment.diff_hunk,
  line: (comment) => comment.line,
  startLine: (comment) => comment.start_line,
  originalLine: (comment) => comment.original_line,
  originalStartLine: (comment) => comment.original_start_line,
  position: (comment) => comment.diff_position,
  // Non-null in GitHub's schema; a file comment has no diff position.
  originalPosition: (comment) => comment.original_position ?? 0,
  outdated: (comment) => comment.outdated,
  commit: (comment, _args, ctx) => commitOf(ctx, comment.repository_id, comment.commit_id),
  originalCommit: (comment, _args, ctx) => commitOf(ctx, comment.repository_id, comment.original_commit_id),
  replyTo: (comment, _args, ctx) =>
    comment.in_reply_to_id === null ? null : ctx.loaders.reviewCommentById.load(comment.in_reply_to_id),
  pullRequestReview: (comment, _args, ctx) => ctx.loaders.reviewById.load(comment.review_id),
  pullRequest: (comment, _args, ctx) => pullOfRow(ctx, comment.issue_id),
  repository: (comment, _args, ctx) => repositoryOf(ctx, comment.repository_id),
  resourcePath: (comment, _args, ctx) => reviewCommentPath(ctx, comment),
  url: async (comment, _args, ctx) => ctx.services.urls.html(await reviewCommentPath(ctx, comment)),
  viewerDidAuthor: (comment, _args, ctx) => comment.user_id !== null && comment.user_id === ctx.access.viewerId,
};
