// Deleting, pinning and transferring issues (GraphQL's deleteIssue, pinIssue,
// unpinIssue and transferIssue; REST has none of them), each in the caller's
// transaction with its `issues` event, as issue-changes.ts does for the rest.
import { notFound, validationFailed } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { repositoryPayload } from '../webhooks/payloads/common.js';
import { assignable } from './assignees.js';
import { nextIssueNumber } from './issue-numbers.js';
import { issueByNumber, type IssueRow } from './issue-rows.js';
import { issueView } from './issue-view.js';
import { emitIssuesEvents, type EventContext } from './issue-webhooks.js';

/** GitHub pins at most three issues per repository. */
export const MAX_PINNED_ISSUES = 3;

const actorOf = (ctx: EventContext) => (ctx.principal.kind === 'token' ? ctx.principal.user.id : null);

async function lockedIssue(ctx: EventContext, number: number): Promise<IssueRow> {
  const issue = await issueByNumber(ctx.tx, ctx.repo.id, number, true);
  if (!issue) throw notFound();
  return issue;
}

/** Deletes issue `number` with its comments, assignees, events and pin; `deleted` carries the issue as it was. */
export async function deleteIssue(ctx: EventContext, number: number): Promise<void> {
  const issue = await lockedIssue(ctx, number);
  await ctx.tx`DELETE FROM issues WHERE id = ${issue.id}`;
  await emitIssuesEvents(ctx, issue, [{ action: 'deleted' }]);
}

/** Pins issue `number`; pinning a pinned issue changes nothing. 422 past the repository's limit. */
export async function pinIssue(ctx: EventContext, number: number): Promise<IssueRow> {
  const { tx, repo } = ctx;
  const issue = await lockedIssue(ctx, number);
  // The repository's row serialises concurrent pins, so the limit holds;
  // taken after the issue (the lock order of server/pulls/pull-locks.ts).
  await tx`SELECT id FROM repositories WHERE id = ${repo.id} FOR UPDATE`;
  const [pins] = await tx<{ n: number; mine: boolean }[]>`
    SELECT count(*)::int AS n, bool_or(issue_id = ${issue.id}) AS mine FROM issue_pins WHERE repository_id = ${repo.id}`;
  if (pins!.mine) return issue;
  if (pins!.n >= MAX_PINNED_ISSUES) {
    throw validationFailed([
      {
        resource: 'Issue',
        field: 'pinned',
        code: 'custom',
        message: `Maximum ${MAX_PINNED_ISSUES} pinned issues per repository`,
      },
    ]);
  }
  await tx`INSERT INTO issue_pins (issue_id, repository_id, pinned_by_id) VALUES (${issue.id}, ${repo.id}, ${actorOf(ctx)})`;
  await emitIssuesEvents(ctx, issue, [{ action: 'pinned' }]);
  return issue;
}

/** Unpins issue `number`; an issue that is not pinned changes nothing. */
export async function unpinIssue(ctx: EventContext, number: number): Promise<IssueRow> {
  const issue = await lockedIssue(ctx, number);
  const removed = await ctx.tx`DELETE FROM issue_pins WHERE issue_id = ${issue.id}`;
  if (removed.count > 0) await emitIssuesEvents(ctx, issue, [{ action: 'unpinned' }]);
  return issue;
}

/**
 * Moves issue `number` to `target` (same owner; the caller checked access):
 * it takes the next number there, keeps its comments and history, loses its
 * pin and the assignees who cannot be assigned in `target`. The old
 * repository gets `transferred` (with the new issue and repository in
 * `changes`), the new one `opened`, as on GitHub. The row keeps its id, so
 * its node ID follows it.
 */
export async function transferIssue(ctx: EventContext, number: number, target: RepositoryRow): Promise<IssueRow> {
  const { tx, repo } = ctx;
  const issue = await lockedIssue(ctx, number);
  if (repo.private && !target.private) {
    throw validationFailed([
      {
        resource: 'Issue',
        field: 'repository',
        code: 'custom',
        message: 'Issues cannot be transferred from a private repository to a public one',
      },
    ]);
  }
  const newNumber = await nextIssueNumber(tx, target.id);
  // Labels and milestones belong to a repository: a label goes along where the
  // target has one of the same name (as GitHub keeps them), the milestone does not.
  await tx`UPDATE issues SET repository_id = ${target.id}, number = ${newNumber}, milestone_id = NULL, updated_at = now() WHERE id = ${issue.id}`;
  await tx`INSERT INTO issue_labels (issue_id, label_id)
    SELECT il.issue_id, t.id FROM issue_labels il JOIN labels l ON l.id = il.label_id
      JOIN labels t ON t.repository_id = ${target.id} AND lower(t.name) = lower(l.name)
    WHERE il.issue_id = ${issue.id} ON CONFLICT DO NOTHING`;
  await tx`DELETE FROM issue_labels il USING labels l WHERE l.id = il.label_id AND il.issue_id = ${issue.id} AND l.repository_id <> ${target.id}`;
  await tx`UPDATE issue_comments SET repository_id = ${target.id} WHERE issue_id = ${issue.id}`;
  await tx`UPDATE issue_events SET repository_id = ${target.id} WHERE issue_id = ${issue.id}`;
  await tx`DELETE FROM issue_pins WHERE issue_id = ${issue.id}`;
  await tx`DELETE FROM issue_assignees ia WHERE ia.issue_id = ${issue.id}
    AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = ia.user_id AND ${assignable(tx, target)})`;
  const moved = (await issueByNumber(tx, target.id, newNumber))!;
  const changes = { new_issue: issueView(moved, ctx.urls), new_repository: repositoryPayload(target, ctx.urls) };
  await emitIssuesEvents(ctx, issue, [{ action: 'transferred', changes }]);
  await emitIssuesEvents({ ...ctx, repo: target }, moved, [{ action: 'opened' }]);
  return moved;
}
