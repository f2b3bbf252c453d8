// The `pull_request_review_comment` webhook event (created, edited, deleted),
// written to the outbox in the transaction of its change. GitHub's payload:
// the action, the comment, the pull request (its simple body), `changes` for
// an edit, the repository, the sender and, for app tokens, the installation.
// A comment of a PENDING review is nobody's business but its author's: no
// event until the review is submitted, when the reviews capability calls
// emitReviewCommentCreated for each of its comments (as GitHub does).
import type { Principal } from '../../auth/principal.js';
import type { TransactionSql } from '../../db/database.js';
import type { Urls } from '../../http/urls.js';
import { pullByNumber, type PullRow } from '../../pulls/pull-rows.js';
import { pullRequestSimpleView } from '../../pulls/pull-view.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../../repos/repository-row.js';
import { emitRepositoryEvent } from '../../webhooks/outbox.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from '../../webhooks/payloads/common.js';
import { reviewCommentsByIds } from './review-comment-store.js';
import { reviewCommentView } from './review-comment-view.js';

export type ReviewCommentAction = 'created' | 'edited' | 'deleted';

/** Who made the change and where (an issue EventContext satisfies it). */
export interface ReviewCommentEventContext {
  repo: RepositoryRow;
  principal: Principal;
  urls: Urls;
}

/** The pull request of `issueId` as it is in `tx`, with the repositories its body shows (the head's may be a fork). */
async function pullOf(
  tx: TransactionSql,
  repo: RepositoryRow,
  issueId: number,
): Promise<{ row: PullRow; head: RepositoryRow | null }> {
  const [issue] = await tx<{ number: number }[]>`SELECT number FROM issues WHERE id = ${issueId}`;
  const row = (await pullByNumber(tx, repo.id, issue!.number))!;
  const headId = row.pull.head_repository_id;
  if (headId === null || headId === repo.id) return { row, head: headId === null ? null : repo };
  const [head] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${headId}`;
  return { row, head: head ?? null };
}

/**
 * One event per comment body given (all of pull request `issueId`), in order.
 * `comments` are review-comment bodies (reviewCommentView); for `deleted`,
 * the body read before the deletion.
 */
export async function emitReviewCommentEvents(
  tx: TransactionSql,
  ctx: ReviewCommentEventContext,
  action: ReviewCommentAction,
  issueId: number,
  comments: unknown[],
  changes?: { body: { from: string } },
): Promise<void> {
  if (comments.length === 0) return;
  const { row, head } = await pullOf(tx, ctx.repo, issueId);
  const repos = (id: number | null) => (id === ctx.repo.id ? ctx.repo : id !== null && head?.id === id ? head : null);
  const installation = installationOf(ctx.principal);
  const common = {
    pull_request: pullRequestSimpleView(row, repos, ctx.urls),
    repository: repositoryPayload(ctx.repo, ctx.urls),
    sender: senderPayload(ctx.principal, ctx.urls),
    ...installationField(installation),
  };
  for (const comment of comments) {
    const payload = { action, comment, ...(changes ? { changes } : {}), ...common };
    await emitRepositoryEvent(
      tx,
      ctx.repo.id,
      'pull_request_review_comment',
      action,
      payload,
      installation?.id ?? null,
    );
  }
}

/**
 * `created` for each of the comments `commentIds` (read in `tx`, so as they
 * are after the change): a new comment of a submitted review, or every
 * comment of a pending review when it is submitted (the reviews capability).
 * Comments of several pull requests are grouped per pull request.
 */
export async function emitReviewCommentCreated(
  tx: TransactionSql,
  ctx: ReviewCommentEventContext,
  commentIds: number[],
): Promise<void> {
  if (commentIds.length === 0) return;
  const rows = await reviewCommentsByIds(tx, commentIds);
  const byIssue = new Map<number, unknown[]>();
  const order = new Map(commentIds.map((id, index) => [Number(id), index]));
  rows.sort((a, b) => (order.get(Number(a.id)) ?? 0) - (order.get(Number(b.id)) ?? 0));
  for (const row of rows) {
    const issueId = Number(row.issue_id);
    byIssue.set(issueId, [
      ...(byIssue.get(issueId) ?? []),
      reviewCommentView(row, { owner: ctx.repo.owner_login, name: ctx.repo.name }, ctx.urls),
    ]);
  }
  for (const [issueId, comments] of byIssue) await emitReviewCommentEvents(tx, ctx, 'created', issueId, comments);
}
