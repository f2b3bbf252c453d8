// What the GraphQL review resolvers receive (migration 023's rows, read by
// review-reads.ts): a review, a review comment with its thread's place in the
// diff (a thread's comments all show the thread's path, lines and hunk, as
// GitHub's do), and a thread. Each carries the pull request's number (for
// urls without reading the pull request), its author's association with the
// repository, and `node_type`, which tells them apart for Node and
// keeps them from being taken for an IssueComment (whose mark is `issue_id`).
//
// The columns' types are the stores' (ReviewRow, ReviewCommentRow): one type
// per column for both edges, so the two cannot drift apart.
import type { ReviewCommentRow, ThreadPlaceColumns } from '../../review-comments/review-comment-rows.js';
import type { ReviewRow, ReviewState } from '../../reviews/review-rows.js';

export type { ReviewState };
export type { AuthorAssociation } from '../../issues/issue-rows.js';

export interface ReviewModel
  extends Pick<
    ReviewRow,
    | 'id'
    | 'issue_id'
    | 'repository_id'
    | 'user_id'
    | 'state'
    | 'body'
    | 'commit_id'
    | 'submitted_at'
    | 'created_at'
    | 'updated_at'
    | 'author_association'
    | 'reaction_counts'
  > {
  node_type: 'PullRequestReview';
  pull_number: number;
}

/** Where a thread sits: the thread's columns every comment of it shows (REST's ThreadPlaceColumns, review-comment-rows.ts). */
export interface ThreadPlace extends ThreadPlaceColumns {
  /** The thread's `position` (renamed: the page reads rank rows in a `position` column of their own). */
  diff_position: number | null;
}

export interface ReviewCommentModel
  extends ThreadPlace,
    Pick<
      ReviewCommentRow,
      | 'id'
      | 'thread_id'
      | 'review_id'
      | 'issue_id'
      | 'repository_id'
      | 'pull_number'
      | 'user_id'
      | 'in_reply_to_id'
      | 'body'
      | 'reaction_counts'
      | 'created_at'
      | 'updated_at'
      | 'review_state'
      | 'author_association'
    > {
  node_type: 'PullRequestReviewComment';
  review_submitted_at: Date | null;
}

export interface ThreadModel extends ThreadPlace {
  node_type: 'PullRequestReviewThread';
  id: number;
  issue_id: number;
  repository_id: number;
  pull_number: number;
  side: 'LEFT' | 'RIGHT' | null;
  start_side: 'LEFT' | 'RIGHT' | null;
  resolved_by_id: number | null;
  resolved_at: Date | null;
  created_at: Date;
}

export type ReviewNodeModel = ReviewModel | ReviewCommentModel | ThreadModel;

export const isReviewNode = (model: object): model is ReviewNodeModel => 'node_type' in model;
