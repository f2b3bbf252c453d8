// Per-request loaders for reviews, review comments and review threads (see
// ../loaders.ts): by id (node lookups, `replyTo`, `pullRequestReview`), a
// page per pull request (reviews, latest reviews, threads) or per review
// (comments) and every comment of a thread; each batch
// one statement for every parent asked in the same tick. They know the
// viewer: another person's pending review and its comments are never read.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import type { TwoWayWindow } from '../core/connection.js';
import type { Page } from '../../db/ranked-pages.js';
import {
  reviewCommentPages,
  reviewCommentsByIds,
  threadComments,
} from '../../reviews/comments/review-comment-batch-reads.js';
import { threadPages, threadsByIds } from '../../reviews/comments/thread-batch-reads.js';
import {
  latestReviewPages,
  reviewPages,
  reviewsByIds,
  type ReviewPageRequest,
} from '../../reviews/review-batch-reads.js';
import { pageLoader } from '../resolvers/label-milestone-loaders.js';
import type { ReviewCommentModel, ReviewModel, ThreadModel } from './review-models.js';

type PageOf<R, P> = DataLoader<{ repositoryId: number; page: P }, Page<R>, string>;

export interface ReviewLoaders {
  reviewById: DataLoader<number, ReviewModel | null>;
  reviewCommentById: DataLoader<number, ReviewCommentModel | null>;
  reviewThreadById: DataLoader<number, ThreadModel | null>;
  /** Keyed by the pull request's issue id (pageLoader's `repositoryId`). */
  reviewPage: PageOf<ReviewModel, ReviewPageRequest>;
  latestReviewPage: PageOf<ReviewModel, TwoWayWindow>;
  /** Each reviewer's latest approval, change request or dismissed one (latestOpinionatedReviews). */
  latestOpinionatedReviewPage: PageOf<ReviewModel, TwoWayWindow>;
  reviewThreadPage: PageOf<ThreadModel, TwoWayWindow>;
  /** Keyed by the review's id. */
  reviewCommentPage: PageOf<ReviewCommentModel, TwoWayWindow>;
  threadComments: DataLoader<number, ReviewCommentModel[]>;
}

const byIds = <V>(read: (ids: readonly number[]) => Promise<Map<number, V>>) =>
  new DataLoader<number, V | null>(async (ids) => {
    const found = await read(ids);
    return ids.map((id) => found.get(id) ?? null);
  });

export function createReviewLoaders(sql: Sql, viewerId: number | null): ReviewLoaders {
  return {
    reviewById: byIds((ids) => reviewsByIds(sql, ids, viewerId)),
    reviewCommentById: byIds((ids) => reviewCommentsByIds(sql, ids, viewerId)),
    reviewThreadById: byIds((ids) => threadsByIds(sql, ids, viewerId)),
    reviewPage: pageLoader((ids, page: ReviewPageRequest) => reviewPages(sql, ids, page, viewerId)),
    latestReviewPage: pageLoader((ids, window: TwoWayWindow) => latestReviewPages(sql, ids, window)),
    latestOpinionatedReviewPage: pageLoader((ids, window: TwoWayWindow) => latestReviewPages(sql, ids, window, true)),
    reviewThreadPage: pageLoader((ids, window: TwoWayWindow) => threadPages(sql, ids, window, viewerId)),
    reviewCommentPage: pageLoader((ids, window: TwoWayWindow) => reviewCommentPages(sql, ids, window, viewerId)),
    threadComments: new DataLoader(async (ids) => {
      const found = await threadComments(sql, ids, viewerId);
      return ids.map((id) => found.get(id) ?? []);
    }),
  };
}

/** A thread resolved or unresolved: what this request remembers of threads predates it. */
export function clearThreadLoaders(loaders: ReviewLoaders): void {
  loaders.reviewThreadById.clearAll();
  loaders.reviewThreadPage.clearAll();
}
