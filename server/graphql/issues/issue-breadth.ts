// Issue's and IssueComment's fields beyond the conversation itself (issue 34):
// the author's association (REST's author_association), paths of the body,
// participants, what the caller may do (viewer-can-edit.ts), and GitHub's
// answers for features Wharf lacks: no sub-issues, tracked issues, linked
// branches, projects (v2), subscriptions, notifications, e-mail replies or
// edit history (absent-feature.ts).
import { isoSeconds } from '../../views/timestamps.js';
import { absentFields, emptyConnection } from '../core/absent-feature.js';
import { bodyHTML, bodyText, titleHTML } from '../core/body-text.js';
import { listConnection } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { IssueCommentResolvers, IssueResolvers } from '../generated/resolvers-types.js';
import type { IssueModel } from './issue-models.js';
import { issuePath } from './issue-resolvers.js';
import { closedByPullsField } from './closed-by-pulls.js';
import {
  cannotUpdateReasons,
  viewerCanChangeComment,
  viewerCanDeleteIssue,
  viewerCanEditIssue,
} from './viewer-can-edit.js';

// GitHub's anchor of an issue's opening post.
const bodyPath = async (issue: IssueModel, ctx: GraphqlContext) => `${await issuePath(issue, ctx)}#issue-${issue.id}`;

// A nullable connection GitHub answers empty (not null) when there is nothing to list.
const noneListed = (_parent: unknown, args: Record<string, unknown>) => emptyConnection(args);

export const issueBreadthFields: IssueResolvers = {
  ...absentFields([
    'createdViaEmail',
    'editor',
    'includesCreatedEdit',
    'isReadByViewer',
    'lastEditedAt',
    'linkedBranches',
    'parent',
    'projectV2',
    'projectsV2',
    'subIssues',
    'trackedInIssues',
    'trackedIssues',
    'trackedIssuesCount',
    'viewerCanSubscribe',
    'viewerSubscription',
    'viewerThreadSubscriptionFormAction',
    'viewerThreadSubscriptionStatus',
  ]),
  // Wharf keeps no edits' history.
  userContentEdits: noneListed,
  ...closedByPullsField,
  authorAssociation: (issue, _args, ctx) => ctx.loaders.issueAuthorAssociation.load(issue.id),
  bodyHTML,
  bodyText,
  titleHTML,
  bodyResourcePath: (issue, _args, ctx) => bodyPath(issue, ctx),
  bodyUrl: async (issue, _args, ctx) => ctx.services.urls.html(await bodyPath(issue, ctx)),
  fullDatabaseId: (issue) => String(issue.id),
  hovercard: () => ({ contexts: [] }),
  participants: async (issue, args, ctx) => {
    const accounts = await ctx.loaders.accountById.loadMany(await ctx.loaders.participantIds.load(issue.id));
    const users = accounts.filter((a) => a !== null && !(a instanceof Error) && a.kind !== 'Organization');
    return listConnection(users as Exclude<(typeof accounts)[number], Error | null>[], args, 'participants');
  },
  publishedAt: (issue) => isoSeconds(issue.created_at),
  subIssuesSummary: () => ({ completed: 0, percentCompleted: 0, total: 0 }),
  viewerCanClose: async (issue, _args, ctx) => issue.state === 'open' && (await viewerCanEditIssue(ctx, issue)),
  viewerCanReopen: async (issue, _args, ctx) => issue.state === 'closed' && (await viewerCanEditIssue(ctx, issue)),
  viewerCanUpdate: (issue, _args, ctx) => viewerCanEditIssue(ctx, issue),
  viewerCanDelete: (issue, _args, ctx) => viewerCanDeleteIssue(ctx, issue),
  viewerCannotUpdateReasons: async (issue, _args, ctx) =>
    cannotUpdateReasons(ctx, await viewerCanEditIssue(ctx, issue)),
  viewerDidAuthor: (issue, _args, ctx) => issue.user_id !== null && issue.user_id === ctx.access.viewerId,
};

export const commentBreadthFields: IssueCommentResolvers = {
  // Nothing is minimized on Wharf (no minimizeComment), and no comment arrives by e-mail.
  ...absentFields(['createdViaEmail', 'editor', 'viewerCanMinimize']),
  userContentEdits: noneListed,
  bodyHTML,
  bodyText,
  fullDatabaseId: (comment) => String(comment.id),
  // Only an edit of its body moves a comment's updated_at (as includesCreatedEdit reads it).
  lastEditedAt: (comment) =>
    comment.updated_at.getTime() > comment.created_at.getTime() ? isoSeconds(comment.updated_at) : null,
  publishedAt: (comment) => isoSeconds(comment.created_at),
  viewerCanUpdate: (comment, _args, ctx) => viewerCanChangeComment(ctx, comment),
  viewerCanDelete: (comment, _args, ctx) => viewerCanChangeComment(ctx, comment),
  viewerCannotUpdateReasons: async (comment, _args, ctx) =>
    cannotUpdateReasons(ctx, await viewerCanChangeComment(ctx, comment)),
};
