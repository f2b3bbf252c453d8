// Assignees: add to / remove from an issue (triage), list who can be
// assigned, check one login (204/404).
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { accessRepository } from '../../http/repository-access.js';
import type { AccountRef } from '../../repos/user-view.js';
import { isAssignable, listAssignable, resolveAssignees } from '../assignees.js';
import { issueForTriage } from './issue-access.js';
import { changeIssue } from '../issue-changes.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { issueView } from '../issue-view.js';
import { simpleUser } from '../../repos/user-view.js';

export const addIssueAssignees: Handler<'issues/add-assignees'> = async (ctx) => {
  const { repo, issue: existing } = await issueForTriage(ctx);
  const { body } = await ctx.input();
  const accounts = await resolveAssignees(ctx.services.sql, repo, body.assignees ?? []);
  const issue = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    changeIssue(events, existing.number, { addAssignees: accounts }),
  );
  return { status: 201, body: issueView(issue, ctx.services.urls) };
};

// Logins that are not assigned (or not users at all) are ignored, as GitHub does.
export const removeIssueAssignees: Handler<'issues/remove-assignees'> = async (ctx) => {
  const { repo, issue: existing } = await issueForTriage(ctx);
  const { body } = await ctx.input();
  const wanted = new Set((body.assignees ?? []).map((login) => login.toLowerCase()));
  const accounts: AccountRef[] = existing.assignees.filter((a) => wanted.has(a.login.toLowerCase()));
  const issue = await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    changeIssue(events, existing.number, { removeAssignees: accounts }),
  );
  return { status: 200, body: issueView(issue, ctx.services.urls) };
};

export const listAssignees: Handler<'issues/list-assignees'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await listAssignable(sql, repo, page.perPage, page.offset);
  return {
    status: 200,
    body: rows.map((row) => simpleUser(row, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};

export const checkAssignee: Handler<'issues/check-user-can-be-assigned'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  if (!(await isAssignable(ctx.services.sql, repo, ctx.params.assignee))) throw notFound();
  return { status: 204, body: undefined };
};
