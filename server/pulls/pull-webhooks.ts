// The `pull_request` webhook event, written to the outbox in the transaction
// of its change: action, number, the pull request as it is after the change,
// `changes` for edits, before/after for synchronize, the repository, the
// sender and, for app tokens, the installation.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import {
  installationField,
  installationOf,
  repositoryPayload,
  senderPayload,
  type InstallationRef,
} from '../webhooks/payloads/common.js';
import type { RepositoryLookup } from './pull-view.js';
import { pullRequestView } from './pull-view.js';
import type { PullRow } from './pull-rows.js';

export interface PullEdits {
  title?: { from: string };
  body?: { from: string };
  base?: { ref: { from: string }; sha: { from: string } };
}

export type PullRequestEvent =
  | { action: 'opened' | 'closed' | 'reopened' }
  // Only GraphQL changes a draft (convertPullRequestToDraft, markPullRequestReadyForReview), as on GitHub.
  | { action: 'converted_to_draft' | 'ready_for_review' }
  | { action: 'edited'; changes: PullEdits }
  | { action: 'synchronize'; before: string; after: string }
  // The rest carry their subject's body as GitHub names it (pull-issue-events.ts, review-requests.ts).
  | { action: 'review_requested' | 'review_request_removed'; requested_reviewer: unknown }
  | { action: 'review_requested' | 'review_request_removed'; requested_team: unknown }
  | { action: 'assigned' | 'unassigned'; assignee: unknown }
  | { action: 'labeled' | 'unlabeled'; label: unknown }
  | { action: 'milestoned' | 'demilestoned'; milestone: unknown }
  | { action: 'locked' | 'unlocked' }
  // Auto-merge (auto-merge/auto-merge-changes.ts): why it was turned off.
  | { action: 'auto_merge_enabled' }
  | { action: 'auto_merge_disabled'; reason: string };

/** Who a change's events name: the sender's body and, for app tokens, the installation. */
export interface EventSender {
  sender: unknown;
  installation: InstallationRef | null;
}

/** The account id in a sender's body (a push by an app's installation names its bot, an account as any other). */
export function senderAccountId(who: EventSender): number | null {
  const id = (who.sender as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}

export function emitPullRequestEvents(
  ctx: EventContext,
  row: PullRow,
  repos: RepositoryLookup,
  events: PullRequestEvent[],
): Promise<void> {
  const installation = installationOf(ctx.principal);
  return emitPullRequestEventsAs(
    ctx.tx,
    ctx.repo,
    ctx.urls,
    { sender: senderPayload(ctx.principal, ctx.urls), installation },
    row,
    repos,
    events,
  );
}

/** The same for a change made by a push (its sender is the pusher's, from the ref sync). */
export async function emitPullRequestEventsAs(
  tx: TransactionSql,
  repo: RepositoryRow,
  urls: Urls,
  who: EventSender,
  row: PullRow,
  repos: RepositoryLookup,
  events: PullRequestEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const pullRequest = pullRequestView(row, repos, urls);
  for (const event of events) {
    const { action, ...rest } = event;
    const payload = {
      action,
      number: row.issue.number,
      ...rest,
      pull_request: pullRequest,
      repository: repositoryPayload(repo, urls),
      sender: who.sender,
      ...installationField(who.installation),
    };
    await emitRepositoryEvent(tx, repo.id, 'pull_request', action, payload, who.installation?.id ?? null);
  }
}
