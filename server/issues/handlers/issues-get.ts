import type { Handler } from '../../http/operation-context.js';
import { findIssue, issueRepository } from './issue-access.js';
import { issueView } from '../issue-view.js';

export const getIssue: Handler<'issues/get'> = async (ctx) => {
  const { repo } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  return { status: 200, body: issueView(issue, ctx.services.urls) };
};
