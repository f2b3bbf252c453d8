// The `issues` and `issue_comment` webhook events, written to the outbox with
// the transaction of their change. Payloads are GitHub's: action, the issue
// (and comment), `changes` for edits, `assignee` for (un)assignments, `label`
// for (un)labeling, `milestone` for (de)milestoning, the repository, the sender and, for app tokens, the installation.
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { labelView } from '../labels/label-view.js';
import type { LabelRow } from '../labels/labels-store.js';
import { milestoneView } from '../milestones/milestone-view.js';
import type { MilestoneRow } from '../milestones/milestones-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser, type AccountRef } from '../repos/user-view.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import {
  type InstallationRef,
  installationField,
  installationOf,
  repositoryPayload,
  senderPayload,
} from '../webhooks/payloads/common.js';
import type { CommentRow } from './comment-rows.js';
import { commentView } from './comment-view.js';
import type { IssueRow } from './issue-rows.js';
import { issueView } from './issue-view.js';

// deleted, pinned, unpinned and transferred come only from GraphQL (graphql/issues/).
export type IssuesAction =
  | 'opened'
  | 'edited'
  | 'closed'
  | 'reopened'
  | 'assigned'
  | 'unassigned'
  | 'locked'
  | 'unlocked'
  | 'labeled'
  | 'unlabeled'
  | 'milestoned'
  | 'demilestoned'
  | 'deleted'
  | 'pinned'
  | 'unpinned'
  | 'transferred';

export interface IssuesEvent {
  action: IssuesAction;
  /** `edited`: what the title and body were; `transferred`: the issue and repository it became. */
  changes?: { title?: { from: string }; body?: { from: string }; new_issue?: unknown; new_repository?: unknown };
  assignee?: AccountRef;
  label?: LabelRow;
  milestone?: MilestoneRow;
}

export interface EventContext {
  tx: TransactionSql;
  repo: RepositoryRow;
  principal: Principal;
  urls: Urls;
  /** The change touched the repository's row (its open issue count): its cached copy is dropped after commit (inTransaction). */
  repositoryRowChanged(): void;
  /**
   * Writes the `pull_request` events of a pull request's issue changes and
   * returns those left to `issues` (pulls/pull-issue-events.ts, handed in by
   * services.ts through inTransaction: pulls/ builds on issues/, not the reverse).
   */
  issueChangesAsPull(ctx: EventContext, issue: IssueRow, events: IssuesEvent[]): Promise<IssuesEvent[]>;
}

function common(ctx: EventContext) {
  return {
    repository: repositoryPayload(ctx.repo, ctx.urls),
    sender: senderPayload(ctx.principal, ctx.urls),
    ...installationField(installationOf(ctx.principal)),
  };
}

/** The issue's milestone as read after the change (its counts include the change) when it is the one named. */
const fresh = (milestone: MilestoneRow, issue: IssueRow) =>
  issue.milestone?.id === milestone.id ? issue.milestone : milestone;

/** Who a change made by a push is sent as: the pusher's sender and installation, from the ref sync. */
export interface PushSender {
  sender: unknown;
  installation: InstallationRef | null;
}

/** An `issues` event of a change a push made (an issue closed by a merged pull request's keywords). */
export async function emitIssuesEventAs(
  tx: TransactionSql,
  repo: RepositoryRow,
  urls: Urls,
  who: PushSender,
  issue: IssueRow,
  action: IssuesAction,
): Promise<void> {
  const payload = {
    action,
    issue: issueView(issue, urls),
    repository: repositoryPayload(repo, urls),
    sender: who.sender,
    ...installationField(who.installation),
  };
  await emitRepositoryEvent(tx, repo.id, 'issues', action, payload, who.installation?.id ?? null);
}

/** Emits `issues` events in the order given, each carrying the issue as it is after the change. */
export async function emitIssuesEvents(ctx: EventContext, issue: IssueRow, events: IssuesEvent[]): Promise<void> {
  // A pull request's changes are `pull_request` events (as GitHub), whichever endpoint made them.
  if (issue.is_pull) events = await ctx.issueChangesAsPull(ctx, issue, events);
  if (events.length === 0) return;
  const body = issueView(issue, ctx.urls);
  for (const event of events) {
    const payload = {
      action: event.action,
      issue: body,
      ...(event.changes ? { changes: event.changes } : {}),
      ...(event.assignee ? { assignee: simpleUser(event.assignee, ctx.urls) } : {}),
      ...(event.label ? { label: labelView(event.label, ctx.repo, ctx.urls) } : {}),
      ...(event.milestone ? { milestone: milestoneView(fresh(event.milestone, issue), ctx.repo, ctx.urls) } : {}),
      ...common(ctx),
    };
    await emitRepositoryEvent(
      ctx.tx,
      ctx.repo.id,
      'issues',
      event.action,
      payload,
      installationOf(ctx.principal)?.id ?? null,
    );
  }
}

export async function emitCommentEvent(
  ctx: EventContext,
  action: 'created' | 'edited' | 'deleted',
  issue: IssueRow,
  comment: CommentRow,
  changes?: { body: { from: string } },
): Promise<void> {
  const payload = {
    action,
    issue: issueView(issue, ctx.urls),
    comment: commentView(comment, ctx.urls),
    ...(changes ? { changes } : {}),
    ...common(ctx),
  };
  await emitRepositoryEvent(
    ctx.tx,
    ctx.repo.id,
    'issue_comment',
    action,
    payload,
    installationOf(ctx.principal)?.id ?? null,
  );
}
