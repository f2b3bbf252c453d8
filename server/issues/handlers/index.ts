// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { addIssueAssignees, checkAssignee, listAssignees, removeIssueAssignees } from './issues-assignees.js';
import { deleteIssueComment, getIssueComment, updateIssueComment } from './issues-comment.js';
import { createIssueComment } from './issues-create-comment.js';
import { createIssue } from './issues-create.js';
import { getIssue } from './issues-get.js';
import { addLabels, listLabelsOnIssue, setLabels } from './issues-labels.js';
import { listIssueCommentsHandler, listRepositoryCommentsHandler } from './issues-list-comments.js';
import { getEvent } from './issues-get-event.js';
import { listLabelsForMilestone } from './issues-list-labels-for-milestone.js';
import { listEvents } from './issues-list-events.js';
import { listEventsForTimeline } from './issues-list-events-for-timeline.js';
import { listRepositoryIssuesHandler } from './issues-list-for-repo.js';
import { listIssues, listIssuesForOrg, listIssuesForUser } from './issues-list.js';
import { lockIssue, unlockIssue } from './issues-lock.js';
import { removeAllLabels, removeLabel } from './issues-remove-labels.js';
import { updateIssue } from './issues-update.js';

export const issuesHandlers = {
  'issues/list-labels-for-milestone': listLabelsForMilestone,
  'issues/create': createIssue,
  'issues/get': getIssue,
  'issues/update': updateIssue,
  'issues/list-for-repo': listRepositoryIssuesHandler,
  'issues/list': listIssues,
  'issues/list-for-authenticated-user': listIssuesForUser,
  'issues/list-for-org': listIssuesForOrg,
  'issues/lock': lockIssue,
  'issues/unlock': unlockIssue,
  'issues/create-comment': createIssueComment,
  'issues/list-comments': listIssueCommentsHandler,
  'issues/list-comments-for-repo': listRepositoryCommentsHandler,
  'issues/get-comment': getIssueComment,
  'issues/update-comment': updateIssueComment,
  'issues/delete-comment': deleteIssueComment,
  'issues/add-assignees': addIssueAssignees,
  'issues/remove-assignees': removeIssueAssignees,
  'issues/list-assignees': listAssignees,
  'issues/check-user-can-be-assigned': checkAssignee,
  'issues/list-events': listEvents,
  'issues/get-event': getEvent,
  'issues/list-labels-on-issue': listLabelsOnIssue,
  'issues/add-labels': addLabels,
  'issues/set-labels': setLabels,
  'issues/remove-label': removeLabel,
  'issues/remove-all-labels': removeAllLabels,
  'issues/list-events-for-timeline': listEventsForTimeline,
} satisfies Partial<Handlers>;
