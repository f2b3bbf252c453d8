// Issue's and IssueComment's `viewerCan…` fields answer what the mutations
// would do for the caller: updateIssue/closeIssue/reopenIssue (the author or
// triage, canEditIssue), deleteIssue (admin), updateIssueComment and
// deleteIssueComment (the author or push access, canChangeComment), each
// through viewerAs, so a token that may not write is told false as the
// mutation would refuse it.
import { canChangeComment, canEditIssue } from '../../access/issue-permissions.js';
import type { Permission } from '../../access/permissions.js';
import type { GraphqlContext } from '../core/context.js';
import type { CommentCannotUpdateReason } from '../generated/resolvers-types.js';
import { viewerAs } from '../access/writer.js';

type Authored = { repository_id: number; user_id: number | null };

async function writer(ctx: GraphqlContext, row: Authored, mutation: string, needed: Permission) {
  const repo = await ctx.loaders.repositoryById.load(row.repository_id);
  return repo === null ? null : viewerAs(ctx, repo, mutation, needed);
}

/** Whether the caller may change the issue's title, body and state (updateIssue, closeIssue, reopenIssue). */
export async function viewerCanEditIssue(ctx: GraphqlContext, issue: Authored): Promise<boolean> {
  const as = await writer(ctx, issue, 'updateIssue', 'read');
  return as !== null && canEditIssue(as.permission, issue.user_id, as.userId);
}

/** Whether the caller may delete the issue (deleteIssue: admin). */
export async function viewerCanDeleteIssue(ctx: GraphqlContext, issue: Authored): Promise<boolean> {
  return (await writer(ctx, issue, 'deleteIssue', 'admin')) !== null;
}

/** Whether the caller may edit or delete the comment (updateIssueComment, deleteIssueComment). */
export async function viewerCanChangeComment(ctx: GraphqlContext, comment: Authored): Promise<boolean> {
  const as = await writer(ctx, comment, 'updateIssueComment', 'read');
  return as !== null && canChangeComment(as.permission, comment.user_id, as.userId);
}

/** GitHub's reasons for a caller who may not update: none when they may. */
export function cannotUpdateReasons(ctx: GraphqlContext, canUpdate: boolean): CommentCannotUpdateReason[] {
  if (canUpdate) return [];
  return ctx.access.viewerId === null ? ['LOGIN_REQUIRED'] : ['INSUFFICIENT_ACCESS'];
}
