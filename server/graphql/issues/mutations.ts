// The Mutation type: GitHub's issue mutations (issue 16). Top-level mutation
// fields run one after another (GraphQL's rule), each in its own transaction.
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { addAssigneesToAssignable, lockLockable, removeAssigneesFromAssignable, unlockLockable } from './assignee-lock-mutations.js';
import { addComment, deleteIssueComment, updateIssueComment } from './comment-mutations.js';
import { closeIssue, createIssue, reopenIssue, updateIssue } from './issue-mutations.js';
import { deleteIssue, pinIssue, transferIssue, unpinIssue } from './lifecycle-mutations.js';
import { addLabelsToLabelable, removeLabelsFromLabelable } from './label-mutations.js';
import { addReaction, removeReaction } from '../reactions/reaction-mutations.js';

export const Mutation: MutationResolvers = {
  createIssue, updateIssue, closeIssue, reopenIssue,
  addComment, updateIssueComment, deleteIssueComment,
  addAssigneesToAssignable, removeAssigneesFromAssignable, lockLockable, unlockLockable,
  deleteIssue, pinIssue, unpinIssue, transferIssue,
  addLabelsToLabelable, removeLabelsFromLabelable,
  addReaction, removeReaction,
};
