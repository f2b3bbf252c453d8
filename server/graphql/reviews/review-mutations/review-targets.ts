// What the review mutations resolve before any work: the node IDs in the
// input as visible objects of the right type (NOT_FOUND otherwise, as for a
// missing one: another person's pending review and its comments do not exist
// for the caller, the loaders never read them), with the REST rows the REST
// stores take (the pull request's PullRow, a review comment's row) and the
// repositories a pull request's payloads name.
import { decodeNodeIdOf } from '../../../ids/node-id.js';
import { repositoryLookup } from '../../../pulls/pull-access.js';
import { pullByNumber, type PullRow } from '../../../pulls/pull-rows.js';
import type { RepositoryLookup } from '../../../pulls/pull-view.js';
import type { RepositoryRow } from '../../../repos/repository-row.js';
import { reviewCommentById, type ReviewCommentRow } from '../../../reviews/comments/review-comment-store.js';
import type { ReviewRow } from '../../../reviews/review-rows.js';
import type { GraphqlContext } from '../../core/context.js';
import { nodeNotFound } from '../../core/errors.js';
import { visiblePull } from '../../pulls/pull-mutation-access.js';
import type { ReviewLoaders } from '../review-loaders.js';
import type { ReviewCommentModel, ReviewModel } from '../review-models.js';

export interface PullTarget {
  repo: RepositoryRow;
  pull: PullRow;
  repos: RepositoryLookup;
}

/** The pull request `number` of a visible `repo` as REST's row; NOT_FOUND (naming `id`) when it went away. */
export async function pullTarget(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  number: number,
  id: string,
): Promise<PullTarget> {
  const pull = await pullByNumber(ctx.services.sql, repo.id, number);
  if (pull === null) throw nodeNotFound(id);
  return { repo, pull, repos: await repositoryLookup(ctx.services, repo, [pull.pull.head_repository_id]) };
}

/** The pull request behind a PR_ id, in a repository the caller sees. */
export async function visiblePullTarget(ctx: GraphqlContext, id: string): Promise<PullTarget> {
  const { pull, repo } = await visiblePull(ctx, id);
  return pullTarget(ctx, repo, pull.number, id);
}

/** The review behind a PRR_ id the caller sees (a submitted one, or their own pending one), with its pull request. */
export async function visibleReview(ctx: GraphqlContext, id: string): Promise<PullTarget & { review: ReviewModel }> {
  const reviewId = decodeNodeIdOf(id, 'PullRequestReview');
  const review = reviewId === null ? null : await ctx.loaders.reviewById.load(reviewId);
  const repo = review === null ? null : await ctx.loaders.repositoryById.load(review.repository_id);
  if (review === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  return { ...(await pullTarget(ctx, repo, review.pull_number, id)), review };
}

/** The review comment behind a PRRC_ id the caller sees, as GraphQL's model and REST's row. */
export async function visibleReviewComment(
  ctx: GraphqlContext,
  id: string,
): Promise<PullTarget & { model: ReviewCommentModel; comment: ReviewCommentRow }> {
  const commentId = decodeNodeIdOf(id, 'PullRequestReviewComment');
  const model = commentId === null ? null : await ctx.loaders.reviewCommentById.load(commentId);
  const repo = model === null ? null : await ctx.loaders.repositoryById.load(model.repository_id);
  if (model === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  const comment = await reviewCommentById(ctx.services.sql, repo.id, model.id, ctx.access.viewerId);
  if (comment === null) throw nodeNotFound(id);
  return { ...(await pullTarget(ctx, repo, model.pull_number, id)), model, comment };
}

/** What this request's loaders remember of reviews, threads and their comments predates the change. */
export function clearReviewLoaders(loaders: ReviewLoaders): void {
  const {
    reviewById,
    reviewCommentById,
    reviewThreadById,
    reviewPage,
    latestReviewPage,
    latestOpinionatedReviewPage,
    reviewThreadPage,
    reviewCommentPage,
    threadComments,
  } = loaders;
  for (const loader of [
    reviewById,
    reviewCommentById,
    reviewThreadById,
    reviewPage,
    latestReviewPage,
    latestOpinionatedReviewPage,
    reviewThreadPage,
    reviewCommentPage,
    threadComments,
  ]) {
    loader.clearAll();
  }
}

/** A review as it is after the change (the caller cleared the loaders). */
export async function reviewAfter(ctx: GraphqlContext, reviewId: number): Promise<ReviewModel> {
  const review = await ctx.loaders.reviewById.load(reviewId);
  if (review === null) throw new Error(`review ${reviewId} vanished`);
  return review;
}

/** REST's row of a review as GraphQL's model: what a deleted review's payload shows (no read can find it any more). */
export function reviewModelOf(row: ReviewRow): ReviewModel {
  return {
    node_type: 'PullRequestReview',
    id: Number(row.id),
    issue_id: Number(row.issue_id),
    repository_id: Number(row.repository_id),
    pull_number: row.number,
    user_id: row.user_id,
    state: row.state,
    body: row.body,
    commit_id: row.commit_id,
    submitted_at: row.submitted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    author_association: row.author_association,
    reaction_counts: row.reaction_counts,
  };
}
