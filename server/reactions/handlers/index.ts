// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createForIssueComment, deleteForIssueComment, listForIssueComment } from './reactions-for-issue-comment.js';
import { createForIssue, deleteForIssue, listForIssue } from './reactions-for-issue.js';
import { createForRelease, deleteForRelease, listForRelease } from './reactions-for-release.js';
import {
  createForReviewComment,
  deleteForReviewComment,
  listForReviewComment,
} from './reactions-for-review-comment.js';

export const reactionsHandlers = {
  'reactions/list-for-issue': listForIssue,
  'reactions/create-for-issue': createForIssue,
  'reactions/delete-for-issue': deleteForIssue,
  'reactions/list-for-issue-comment': listForIssueComment,
  'reactions/create-for-issue-comment': createForIssueComment,
  'reactions/delete-for-issue-comment': deleteForIssueComment,
  'reactions/list-for-pull-request-review-comment': listForReviewComment,
  'reactions/create-for-pull-request-review-comment': createForReviewComment,
  'reactions/delete-for-pull-request-comment': deleteForReviewComment,
  'reactions/list-for-release': listForRelease,
  'reactions/create-for-release': createForRelease,
  'reactions/delete-for-release': deleteForRelease,
} satisfies Partial<Handlers>;
