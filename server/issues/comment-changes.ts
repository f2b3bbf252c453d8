// Creating, editing and deleting issue comments, each in one transaction with
// the issue's comment count and the `issue_comment` event.
import type { TransactionSql } from '../db/database.js';
import { commentById, type CommentRow } from './comment-rows.js';
import { issueByNumber, type IssueRow } from './issue-rows.js';
import { lockIssueFirst } from './issue-locks.js';
import { emitCommentEvent, type EventContext } from './issue-webhooks.js';

const actorOf = (ctx: EventContext) => (ctx.principal.kind === 'token' ? ctx.principal.user.id : null);

async function issueOf(tx: TransactionSql, repositoryId: number, issueId: number): Promise<IssueRow> {
  const [row] = await tx<{ number: number }[]>`SELECT number FROM issues WHERE id = ${issueId}`;
  return (await issueByNumber(tx, repositoryId, row!.number))!;
}

export async function createComment(ctx: EventContext, issue: IssueRow, body: string): Promise<CommentRow> {
  const { tx, repo } = ctx;
  await lockIssueFirst(tx, issue.id);
  const [inserted] = await tx<{ id: number }[]>`
    INSERT INTO issue_comments (issue_id, repository_id, user_id, body)
    VALUES (${issue.id}, ${repo.id}, ${actorOf(ctx)}, ${body}) RETURNING id`;
  await tx`UPDATE issues SET comments = comments + 1, updated_at = now() WHERE id = ${issue.id}`;
  const comment = (await commentById(tx, repo.id, inserted!.id))!;
  await emitCommentEvent(ctx, 'created', await issueOf(tx, repo.id, issue.id), comment);
  return comment;
}

export async function editComment(ctx: EventContext, comment: CommentRow, body: string): Promise<CommentRow> {
  const { tx, repo } = ctx;
  if (body === comment.body) return comment;
  await tx`UPDATE issue_comments SET body = ${body}, updated_at = now() WHERE id = ${comment.id}`;
  const updated = (await commentById(tx, repo.id, comment.id))!;
  await emitCommentEvent(ctx, 'edited', await issueOf(tx, repo.id, comment.issue_id), updated, {
    body: { from: comment.body },
  });
  return updated;
}

/** False when the comment was gone already (deleted concurrently). */
export async function deleteComment(ctx: EventContext, comment: CommentRow): Promise<boolean> {
  const { tx, repo } = ctx;
  await lockIssueFirst(tx, comment.issue_id);
  const deleted = await tx`DELETE FROM issue_comments WHERE id = ${comment.id}`;
  if (deleted.count === 0) return false;
  await tx`UPDATE issues SET comments = comments - 1 WHERE id = ${comment.issue_id}`;
  await emitCommentEvent(ctx, 'deleted', await issueOf(tx, repo.id, comment.issue_id), comment);
  return true;
}
