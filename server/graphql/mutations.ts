// The Mutation type: GitHub's issue mutations (issue 16), pull request mutations (issue 17) and review mutations (issue 18: threads resolved, reviews, threads and their comments). Top-level mutation
// fields run one after another (GraphQL's rule), each in its own transaction.
import type { MutationResolvers } from './generated/resolvers-types.js';
import {
  addAssigneesToAssignable,
  lockLockable,
  removeAssigneesFromAssignable,
  unlockLockable,
} from './issues/assignee-lock-mutations.js';
import { addComment, deleteIssueComment, updateIssueComment } from './issues/comment-mutations.js';
import { closeIssue, createIssue, reopenIssue, updateIssue } from './issues/issue-mutations.js';
import { deleteIssue, pinIssue, transferIssue, unpinIssue } from './issues/lifecycle-mutations.js';
import { addLabelsToLabelable, removeLabelsFromLabelable } from './issues/label-mutations.js';
import { addReaction, removeReaction } from './reactions/reaction-mutations.js';
import { closePullRequest, createPullRequest, reopenPullRequest, updatePullRequest } from './pulls/pull-mutations.js';
import { convertPullRequestToDraft, markPullRequestReadyForReview } from './pulls/draft-mutations.js';
import { mergePullRequest, requestReviews } from './pulls/merge-review-mutations.js';
import { disablePullRequestAutoMerge, enablePullRequestAutoMerge } from './pulls/auto-merge-mutations.js';
import { resolveReviewThread, unresolveReviewThread } from './reviews/thread-mutations.js';
import {
  addPullRequestReview,
  addPullRequestReviewThread,
  addPullRequestReviewThreadReply,
  deletePullRequestReview,
  deletePullRequestReviewComment,
  dismissPullRequestReview,
  submitPullRequestReview,
  updatePullRequestReview,
  updatePullRequestReviewComment,
} from './reviews/review-mutations/index.js';
import {
  createBranchProtectionRule,
  deleteBranchProtectionRule,
  updateBranchProtectionRule,
} from './branch-protection/rule-mutations.js';

export const Mutation: MutationResolvers = {
  // Issue 37: branch protection rules.
  createBranchProtectionRule,
  updateBranchProtectionRule,
  deleteBranchProtectionRule,
  createIssue,
  updateIssue,
  closeIssue,
  reopenIssue,
  addComment,
  updateIssueComment,
  deleteIssueComment,
  addAssigneesToAssignable,
  removeAssigneesFromAssignable,
  lockLockable,
  unlockLockable,
  deleteIssue,
  pinIssue,
  unpinIssue,
  transferIssue,
  addLabelsToLabelable,
  removeLabelsFromLabelable,
  addReaction,
  removeReaction,
  createPullRequest,
  updatePullRequest,
  closePullRequest,
  reopenPullRequest,
  convertPullRequestToDraft,
  markPullRequestReadyForReview,
  mergePullRequest,
  enablePullRequestAutoMerge,
  disablePullRequestAutoMerge,
  requestReviews,
  resolveReviewThread,
  unresolveReviewThread,
  addPullRequestReview,
  submitPullRequestReview,
  updatePullRequestReview,
  dismissPullRequestReview,
  deletePullRequestReview,
  addPullRequestReviewThread,
  addPullRequestReviewThreadReply,
  updatePullRequestReviewComment,
  deletePullRequestReviewComment,
};
