import type { Handler } from '../../http/operation-context.js';
import { resolveAssignees } from '../assignees.js';
import { issueRepository } from './issue-access.js';
import { labelNames, resolveLabels } from '../issue-labels.js';
import { resolveMilestone } from '../issue-milestone.js';
import { openIssue } from '../issue-changes.js';
import { assigneeLogins, checkedTitle } from '../issue-input.js';
import { canTriage } from '../../access/issue-permissions.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { issueView } from '../issue-view.js';

// Anyone who can read may open an issue; assignees, labels and the milestone
// are kept only from callers with triage access and silently dropped
// otherwise, as GitHub does. Labels no label has are created.
export const createIssue: Handler<'issues/create'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  ctx.user();
  const { body } = await ctx.input();
  const title = checkedTitle(body.title);
  const logins = canTriage(permission) ? (assigneeLogins(body) ?? []) : [];
  const assignees = await resolveAssignees(ctx.services.sql, repo, logins);
  const triage = canTriage(permission);
  const names = triage ? labelNames(body.labels ?? []) : [];
  const issue = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    const milestone = triage ? await resolveMilestone(events.tx, repo.id, body.milestone) : undefined;
    const labels = await resolveLabels(events, names);
    return openIssue(events, { title, body: body.body ?? null, assignees, labels, milestone });
  });
  const view = issueView(issue, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
