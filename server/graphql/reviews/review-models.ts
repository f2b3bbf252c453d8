// What the GraphQL review resolvers receive (migration 023's rows, read by
// review-reads.ts): a review, a review comment with its thread's place in the
// diff (a thread's comments all show the thread's path, lines and hunk, as
// GitHub's do), and a thread. Each carries the pull request's number (for
// urls without reading the pull request), its author's association with the
// repository, and `node_type`, which tells them apart for Node and
// keeps them from being taken for an IssueComment (whose mark is `issue_id`).
import type { ReactionCounts } from '../../reactions/reaction-rollup.js';
import type { ThreadPlaceColumns } from '../../review-comments/review-comment-rows.js';

export type ReviewState = 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED';
export type AuthorAssociation = 'OWNER' | 'COLLABORATOR' | 'MEMBER' | 'NONE';

export interface ReviewModel {
  node_type: 'PullRequestReview';
  id: number;
  issue_id: number;
  repository_id: number;
  pull_number: number;
  user_id: number | null;
  state: ReviewState;
  body: string;
  commit_id: string;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  author_association: AuthorAssociation;
  /** The rollup of its reactions (reactions-store.ts keeps it). */
  reaction_counts: ReactionCounts;
}

/** Where a thread sits: the thread's columns every comment of it shows (REST's ThreadPlaceColumns, review-comment-rows.ts). */
export interface ThreadPlace extends ThreadPlaceColumns {
  /** The thread's `position` (renamed: the page reads rank rows in a `position` column of their own). */
  diff_position: number | null;
}

export interface ReviewCommentModel extends ThreadPlace {
  node_type: 'PullRequestReviewComment';
  id: number;
  thread_id: number;
  review_id: number;
  issue_id: number;
  repository_id: number;
  pull_number: number;
  user_id: number | null;
  in_reply_to_id: number | null;
  body: string;
  /** The rollup of its reactions (reactions-store.ts keeps it). */
  reaction_counts: ReactionCounts;
  created_at: Date;
  updated_at: Date;
  review_state: ReviewState;
  review_submitted_at: Date | null;
  author_association: AuthorAssociation;
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
