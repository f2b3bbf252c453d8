// Where reviews and review comments live on the web, GitHub's way: anchors
// of the pull request's page (`#pullrequestreview-{id}`, `#discussion_r{id}`),
// built from the pull request number each row carries (no pull request read).
import type { GraphqlContext } from '../core/context.js';
import { pullPath, repositoryOf } from '../pulls/pull-paths.js';
import type { ReviewCommentModel, ReviewModel } from './review-models.js';

const pullOf = (row: ReviewModel | ReviewCommentModel) => ({
  repository_id: row.repository_id,
  number: row.pull_number,
});

export const reviewPath = async (ctx: GraphqlContext, review: ReviewModel) =>
  `${await pullPath(ctx, pullOf(review))}#pullrequestreview-${review.id}`;

export const reviewCommentPath = async (ctx: GraphqlContext, comment: ReviewCommentModel) =>
  `${await pullPath(ctx, pullOf(comment))}#discussion_r${comment.id}`;

/** A commit of the base repository (which holds every head a pull request had, under refs/pull/{n}/head) as a Commit. */
export const commitOf = async (ctx: GraphqlContext, repositoryId: number, oid: string) => ({
  repo: await repositoryOf(ctx, repositoryId),
  oid,
  type: 'commit' as const,
});
