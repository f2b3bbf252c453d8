// GET /repos/{owner}/{repo}/issues/events/{event_id}: one event as
// …/issues/{n}/events lists it, plus the issue (or pull request) it happened
// to, as GitHub answers; 404 for an event of another repository.
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { findIssue, issueRepository } from './issue-access.js';
import { issueEventInRepository, issueEventView } from '../issue-events.js';
import { issueView } from '../issue-view.js';

export const getEvent: Handler<'issues/get-event'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const { sql, urls } = ctx.services;
  const row = await issueEventInRepository(sql, repo.id, ctx.params.event_id);
  if (!row) throw notFound();
  const issue = await findIssue(ctx, repo.id, row.issue_number);
  const event = issueEventView(row, { owner: repo.owner_login, name: repo.name }, urls);
  return { status: 200, body: { ...event, issue: issueView(issue, urls) } };
};
