// Review requests (users; teams come with teams): asking reviewers and
// withdrawing the ask, each in the caller's transaction with one
// `pull_request` review_requested / review_request_removed event per
// reviewer whose request changed (as GitHub). Who may be asked: the
// repository's owner, its collaborators and the members of its owning
// organization, never the pull request's author (GitHub's two 422s). Each
// change is also an issue event (review_requested / review_request_removed,
// one per reviewer) for …/events and the timeline.
import { holdsGrantIn } from '../access/grant-holders-sql.js';
import type { TransactionSql } from '../db/database.js';
import { notFound, refused } from '../errors/domain-error.js';
import { recordIssueEvents } from '../issues/issue-events.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser, type AccountRef } from '../repos/user-view.js';
import { pullByNumber, type PullRow } from './pull-rows.js';
import type { RepositoryLookup } from './pull-view.js';
import { emitPullRequestEvents, type PullRequestEvent } from './pull-webhooks.js';
import { touchIssue } from '../issues/issue-writes.js';

export const notCollaborator = (repo: RepositoryRow) =>
  refused(
    `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${repo.owner_login}/${repo.name} repository.`,
  );

export const authorRequested = () => refused('Review cannot be requested from pull request author.');

/** The accounts of `logins` (any case, each once, in the order given) that may review; 422 for any other. */
async function reviewers(tx: TransactionSql, repo: RepositoryRow, logins: readonly string[]): Promise<AccountRef[]> {
  const wanted = [...new Set(logins.map((login) => login.toLowerCase()))];
  if (wanted.length === 0) return [];
  if (wanted.some((login) => login.includes('\u0000'))) throw notCollaborator(repo);
  const rows = await tx<AccountRef[]>`
    SELECT a.id, a.login, a.kind, a.site_admin FROM accounts a
    WHERE lower(a.login) = ANY(${wanted}) AND ${holdsGrantIn(tx, repo.id, repo.owner_id)}`;
  const byLogin = new Map(rows.map((row) => [row.login.toLowerCase(), row]));
  return wanted.map((login) => {
    const account = byLogin.get(login);
    if (!account) throw notCollaborator(repo);
    return account;
  });
}

async function lockedPull(ctx: EventContext, number: number): Promise<PullRow> {
  const row = await pullByNumber(ctx.tx, ctx.repo.id, number, true);
  if (!row) throw notFound();
  return row;
}

/**
 * The logins asked to review pull request `number` now, in the order they
 * were asked, with its row locked for the change that follows (GraphQL's
 * `requestReviews` replacing the set); 404 when there is none.
 */
export async function requestedLogins(ctx: EventContext, number: number): Promise<string[]> {
  return (await lockedPull(ctx, number)).pull.requested_reviewers.map((account) => account.login);
}

/**
 * Asks the users `logins` to review pull request `number`: 404 when there is
 * none, 422 for the author or a non-collaborator (nothing is asked then).
 * Users asked already stay as they were, without an event. The GraphQL
 * `requestReviews` mutation calls this in its own transaction.
 */
export async function requestReviewers(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  logins: string[],
): Promise<PullRow> {
  const current = await lockedPull(ctx, number);
  const accounts = await reviewers(ctx.tx, ctx.repo, logins);
  if (accounts.some((account) => account.id === current.issue.user_id)) throw authorRequested();
  const added: AccountRef[] = [];
  for (const account of accounts) {
    const inserted = await ctx.tx`INSERT INTO pull_request_review_requests (issue_id, reviewer_id)
      VALUES (${current.issue.id}, ${account.id}) ON CONFLICT DO NOTHING`;
    if (inserted.count > 0) added.push(account);
  }
  return afterChange(ctx, repos, current, 'review_requested', added);
}

/** Withdraws the requests of `logins` (those not asked are ignored); 404 when there is no such pull request. */
export async function removeReviewRequests(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  logins: string[],
): Promise<PullRow> {
  const current = await lockedPull(ctx, number);
  const wanted = new Set(logins.map((login) => login.toLowerCase()));
  const removed: AccountRef[] = [];
  for (const account of current.pull.requested_reviewers) {
    if (!wanted.has(account.login.toLowerCase())) continue;
    const deleted =
      await ctx.tx`DELETE FROM pull_request_review_requests WHERE issue_id = ${current.issue.id} AND reviewer_id = ${account.id}`;
    if (deleted.count > 0) removed.push(account);
  }
  return afterChange(ctx, repos, current, 'review_request_removed', removed);
}

/**
 * Nothing changed: the row as it was. Otherwise the issue's updated_at moves
 * and, per reviewer, the issue event and the `pull_request` event are written.
 */
async function afterChange(
  ctx: EventContext,
  repos: RepositoryLookup,
  current: PullRow,
  action: 'review_requested' | 'review_request_removed',
  reviewers: AccountRef[],
): Promise<PullRow> {
  if (reviewers.length === 0) return current;
  await touchIssue(ctx.tx, current.issue.id);
  const actorId = ctx.principal.kind === 'token' ? ctx.principal.user.id : null;
  await recordIssueEvents(
    ctx.tx,
    current.issue,
    actorId,
    reviewers.map((account) => ({ event: action, details: { reviewer_id: account.id } })),
  );
  const row = (await pullByNumber(ctx.tx, ctx.repo.id, current.issue.number))!;
  const events: PullRequestEvent[] = reviewers.map((account) => ({
    action,
    requested_reviewer: simpleUser(account, ctx.urls),
  }));
  await emitPullRequestEvents(ctx, row, repos, events);
  return row;
}
