// An issue's labels: list (read), add, set (triage). Names no label has are
// created, as GitHub does; each answer is the issue's labels after the change.
import type { Handler, OperationContext } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import type { OperationId } from '../../generated/routes.js';
import { labelView } from '../../labels/label-view.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { pageHeaders } from '../page-headers.js';
import { findIssue, issueForTriage, issueRepository } from './issue-access.js';
import { changeIssue } from '../issue-changes.js';
import { issueLabelPage } from '../issue-label-list.js';
import { labelNames, resolveLabels, type LabelInput } from '../issue-labels.js';
import { lockIssueNumberFirst } from '../issue-locks.js';
import { inTransaction } from '../../transactions/in-transaction.js';

export const listLabelsOnIssue: Handler<'issues/list-labels-on-issue'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await issueLabelPage(sql, issue.id, page.perPage, page.offset);
  return {
    status: 200,
    body: rows.map((label) => labelView(label, repo, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};

/** `{labels: […]}` or the list itself (GitHub takes both). */
const inputNames = (body: { labels?: LabelInput[] } | LabelInput[]) =>
  labelNames(Array.isArray(body) ? body : (body.labels ?? []));

async function relabel<K extends OperationId>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  number: number,
  names: string[],
  mode: 'add' | 'set',
) {
  const issue = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    // The issue before the labels a name creates (issue-locks.ts).
    await lockIssueNumberFirst(events.tx, repo.id, number);
    const labels = await resolveLabels(events, names);
    return changeIssue(events, number, mode === 'add' ? { addLabels: labels } : { labels });
  });
  return issue.labels.map((label) => labelView(label, repo, ctx.services.urls));
}

export const addLabels: Handler<'issues/add-labels'> = async (ctx) => {
  const { repo, issue: existing } = await issueForTriage(ctx);
  const { body } = await ctx.input();
  return { status: 200, body: await relabel(ctx, repo, existing.number, inputNames(body), 'add') };
};

export const setLabels: Handler<'issues/set-labels'> = async (ctx) => {
  const { repo, issue: existing } = await issueForTriage(ctx);
  const { body } = await ctx.input();
  return { status: 200, body: await relabel(ctx, repo, existing.number, inputNames(body), 'set') };
};
