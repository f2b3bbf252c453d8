// What the GraphQL review resolvers receive: the stores' batch-read rows
// (reviews/review-batch-reads.ts, reviews/comments/review-comment-batch-reads.ts
// and thread-batch-reads.ts): a review, a review comment with its thread's
// place in the diff (a thread's comments all show the thread's path, lines
// and hunk, as GitHub's do), and a thread. Each carries the pull request's
// number, its author's association with the repository, and `node_type`,
// which tells them apart for Node and keeps them from being taken for an
// IssueComment (whose mark is `issue_id`). Their columns' types are the
// stores' (ReviewRow, ReviewCommentRow), so the two edges cannot drift apart.
import type { ReviewCommentColumns, ThreadPlace } from '../../reviews/comments/review-comment-batch-reads.js';
import type { ThreadColumns } from '../../reviews/comments/thread-batch-reads.js';
import type { ReviewColumns } from '../../reviews/review-batch-reads.js';
import type { ReviewState } from '../../reviews/review-rows.js';

export type { ReviewState, ThreadPlace };
export type { AuthorAssociation } from '../../issues/issue-rows.js';

export type ReviewModel = ReviewColumns;

export type ReviewCommentModel = ReviewCommentColumns;

export type ThreadModel = ThreadColumns;

export type ReviewNodeModel = ReviewModel | ReviewCommentModel | ThreadModel;

export const isReviewNode = (model: object): model is ReviewNodeModel => 'node_type' in model;
