// Taking labels off an issue (triage): one by name (404 when the issue does
// not carry it, GitHub's "Label does not exist"), or all of them.
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { labelView } from '../../labels/label-view.js';
import { issueForTriage } from './issue-access.js';
import { changeIssue } from '../issue-changes.js';
import { inTransaction } from '../../transactions/in-transaction.js';

export const removeLabel: Handler<'issues/remove-label'> = async (ctx) => {
  const { repo, issue: existing } = await issueForTriage(ctx);
  ctx.checkScopes();
  const wanted = ctx.params.name.toLowerCase();
  const issue = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    // Read again under the issue's lock (changeIssue takes it): a concurrent removal must not answer 200 twice.
    const current = await changeIssue(events, existing.number, {});
    const label = current.labels.find((l) => l.name.toLowerCase() === wanted);
    if (!label) throw notFound('Label does not exist');
    return changeIssue(events, existing.number, { removeLabels: [label] });
  });
  return { status: 200, body: issue.labels.map((label) => labelView(label, repo, ctx.services.urls)) };
};

export const removeAllLabels: Handler<'issues/remove-all-labels'> = async (ctx) => {
  const { repo, issue: existing } = await issueForTriage(ctx);
  ctx.checkScopes();
  await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    changeIssue(events, existing.number, { labels: [] }),
  );
  return { status: 204, body: undefined };
};
