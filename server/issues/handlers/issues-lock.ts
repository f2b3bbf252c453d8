import type { Handler } from '../../http/operation-context.js';
import { findIssue, issueRepository } from './issue-access.js';
import { changeIssue } from '../issue-changes.js';
import { requireTriage } from '../../access/issue-permissions.js';
import { inTransaction } from '../../transactions/in-transaction.js';

// Locking a locked issue changes nothing and emits nothing (204 all the same).
export const lockIssue: Handler<'issues/lock'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  ctx.user();
  requireTriage(permission);
  const { body } = await ctx.input();
  await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    changeIssue(events, issue.number, { lock: { reason: body.lock_reason ?? null } }),
  );
  return { status: 204, body: undefined };
};

export const unlockIssue: Handler<'issues/unlock'> = async (ctx) => {
  const { repo, permission } = await issueRepository(ctx);
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  ctx.user();
  requireTriage(permission);
  ctx.checkScopes();
  await inTransaction(ctx.services, repo, ctx.principal, (events) =>
    changeIssue(events, issue.number, { unlock: true }),
  );
  return { status: 204, body: undefined };
};
