import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { resolveAssignees } from '../assignees.js';
import { findIssue, issueRepository } from './issue-access.js';
import { changeIssue, type IssueChange } from '../issue-changes.js';
import { assigneeLogins, checkedTitle } from '../issue-input.js';
import { labelNames, resolveLabels } from '../issue-labels.js';
import { resolveMilestone } from '../issue-milestone.js';
import { canEditIssue, canTriage } from '../../access/issue-permissions.js';
import { lockIssueNumberFirst } from '../issue-locks.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { issueView } from '../issue-view.js';

// The author may change title, body and state of their own issue; anyone else
// needs triage, which assignees, labels and the milestone always need
// (dropped silently without it, as GitHub drops them).
export const updateIssue: Handler<'issues/update'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  const me = ctx.user().user;
  const existing = await findIssue(ctx, repo.id, ctx.params.issue_number);
  if (!canEditIssue(permission, existing.user_id, me.id)) throw forbidden('Must have triage access to Issue.');
  const { body } = await ctx.input();
  const change: IssueChange = {
    title: body.title === undefined ? undefined : checkedTitle(body.title),
    body: body.body,
    state: body.state,
    stateReason: body.state_reason,
  };
  const logins = assigneeLogins(body);
  if (logins !== undefined && canTriage(permission))
    change.assignees = await resolveAssignees(ctx.services.sql, repo, logins);
  const triage = canTriage(permission);
  const names = triage && body.labels !== undefined ? labelNames(body.labels) : undefined;
  const issue = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    // The issue before the labels a name creates (issue-locks.ts).
    await lockIssueNumberFirst(events.tx, repo.id, existing.number);
    if (triage) change.milestone = await resolveMilestone(events.tx, repo.id, body.milestone);
    if (names) change.labels = await resolveLabels(events, names);
    return changeIssue(events, existing.number, change);
  });
  return { status: 200, body: issueView(issue, ctx.services.urls) };
};
