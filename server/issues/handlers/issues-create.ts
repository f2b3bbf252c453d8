import type { Handler } from '../../http/operation-context.js';
import { resolveAssignees } from '../assignees.js';
import { issueRepository } from '../issue-access.js';
import { openIssue } from '../issue-changes.js';
import { assigneeLogins, checkedTitle } from '../issue-input.js';
import { canTriage } from '../issue-permissions.js';
import { inIssueTransaction } from '../issue-transaction.js';
import { issueView } from '../issue-view.js';

// Anyone who can read may open an issue; assignees are kept only from callers
// with triage access and silently dropped otherwise, as GitHub does.
export const createIssue: Handler<'issues/create'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  ctx.user();
  const { body } = await ctx.input();
  const title = checkedTitle(body.title);
  const logins = canTriage(permission) ? (assigneeLogins(body) ?? []) : [];
  const assignees = await resolveAssignees(ctx.services.sql, repo, logins);
  const issue = await inIssueTransaction(ctx, repo, (events) => openIssue(events, { title, body: body.body ?? null, assignees }));
  const view = issueView(issue, ctx.services.urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
