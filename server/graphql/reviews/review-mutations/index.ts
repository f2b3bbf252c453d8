// The review mutations of issue 18 (GitHub's inputs and payloads), each over
// REST's review and review-comment stores in one transaction with REST's
// webhook events; joined into the Mutation type in ../../mutations.ts.
export { addPullRequestReview } from './add-review.js';
export { submitPullRequestReview } from './submit-review.js';
export { deletePullRequestReview, dismissPullRequestReview, updatePullRequestReview } from './review-edits.js';
export { addPullRequestReviewThread, addPullRequestReviewThreadReply } from './thread-additions.js';
export { deletePullRequestReviewComment, updatePullRequestReviewComment } from './comment-edits.js';
