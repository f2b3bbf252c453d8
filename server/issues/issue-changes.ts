// Every change to an issue goes through here, in one transaction: the issue
// row, its assignees, the timeline rows and the webhook events commit (or roll
// back) together. One change that does several things emits, in this order:
// `edited` (title and/or body, one event with both `changes`), `unassigned` /
// `assigned` (one per person), `unlabeled` / `labeled` (one per label),
// `demilestoned` / `milestoned`, `closed` / `reopened`, `locked` / `unlocked`.
// Opening an issue emits `opened`, then `assigned`, `labeled` and `milestoned`
// (issue-webhooks.test.ts pins both orders).
import type { AccountRef } from '../repos/user-view.js';
import { notFound } from '../errors/domain-error.js';
import { addAssignees, removeAssignees } from './assignees.js';
import { recordIssueEvents, type NewIssueEvent } from './issue-events.js';
import { applyLinkChange, type LinkChange } from './issue-link-changes.js';
import { nextIssueNumber } from './issue-numbers.js';
import { issueByNumber, type IssueRow, type IssueState, type LockReason, type StateReason } from './issue-rows.js';
import { emitIssuesEvents, type EventContext, type IssuesEvent } from './issue-webhooks.js';
import { moveOpenIssueCount } from './open-issue-count.js';
import { setChange } from './set-change.js';
import { insertIssueRow, updateIssueRow } from './issue-writes.js';

export interface IssueChange extends LinkChange {
  title?: string;
  body?: string | null;
  state?: IssueState;
  stateReason?: StateReason | null;
  /** The whole set of assignees (PATCH `assignees`). */
  assignees?: AccountRef[];
  addAssignees?: AccountRef[];
  removeAssignees?: AccountRef[];
  lock?: { reason: LockReason | null };
  unlock?: boolean;
}

export interface NewIssue extends Pick<LinkChange, 'labels' | 'milestone'> {
  title: string;
  body: string | null;
  assignees: AccountRef[];
}

const actorOf = (ctx: EventContext) => (ctx.principal.kind === 'token' ? ctx.principal.user.id : null);

/** Opens an issue: `opened`, then `assigned` for each assignee, `labeled` for each label, `milestoned` (and their timeline rows). */
export async function openIssue(ctx: EventContext, input: NewIssue): Promise<IssueRow> {
  const { tx, repo } = ctx;
  const number = await nextIssueNumber(tx, repo.id);
  const id = await insertIssueRow(tx, {
    repositoryId: repo.id,
    number,
    title: input.title,
    body: input.body,
    userId: actorOf(ctx),
  });
  const issue = { id, repository_id: repo.id };
  await moveOpenIssueCount(ctx, 1);
  const assigned = await addAssignees(tx, issue.id, input.assignees);
  const events: IssuesEvent[] = [
    { action: 'opened' },
    ...assigned.map((assignee) => ({ action: 'assigned' as const, assignee })),
  ];
  const timeline: NewIssueEvent[] = assigned.map((a) => ({ event: 'assigned', details: { assignee_id: a.id } }));
  const columns: Record<string, unknown> = {};
  const fresh = { id: issue.id, labels: [], milestone: null };
  await applyLinkChange(tx, fresh, { labels: input.labels, milestone: input.milestone }, columns, events, timeline);
  if (columns.milestone_id !== undefined)
    await tx`UPDATE issues SET milestone_id = ${columns.milestone_id as number} WHERE id = ${issue.id}`;
  await recordIssueEvents(tx, issue, actorOf(ctx), timeline);
  const row = (await issueByNumber(tx, repo.id, number))!;
  await emitIssuesEvents(ctx, row, events);
  return row;
}

/** Applies `change` to issue `number`; 404 when there is none. Nothing changed, nothing emitted. */
export async function changeIssue(ctx: EventContext, number: number, change: IssueChange): Promise<IssueRow> {
  const { tx, repo } = ctx;
  const issue = await issueByNumber(tx, repo.id, number, true);
  if (!issue) throw notFound();
  const actor = actorOf(ctx);
  const events: IssuesEvent[] = [];
  const timeline: NewIssueEvent[] = [];
  const columns: Record<string, unknown> = {};

  const edits: NonNullable<IssuesEvent['changes']> = {};
  if (change.title !== undefined && change.title !== issue.title) {
    edits.title = { from: issue.title };
    columns.title = change.title;
    timeline.push({ event: 'renamed', details: { rename: { from: issue.title, to: change.title } } });
  }
  if (change.body !== undefined && change.body !== issue.body) {
    edits.body = { from: issue.body ?? '' };
    columns.body = change.body;
  }
  if (edits.title || edits.body) events.push({ action: 'edited', changes: edits });

  const { toAdd, toRemove } = setChange(issue.assignees, change.assignees, change.addAssignees, change.removeAssignees);
  const removed = await removeAssignees(tx, issue.id, toRemove);
  const added = await addAssignees(tx, issue.id, toAdd);
  for (const assignee of removed) {
    events.push({ action: 'unassigned', assignee });
    timeline.push({ event: 'unassigned', details: { assignee_id: assignee.id } });
  }
  for (const assignee of added) {
    events.push({ action: 'assigned', assignee });
    timeline.push({ event: 'assigned', details: { assignee_id: assignee.id } });
  }

  const linksChanged = await applyLinkChange(tx, issue, change, columns, events, timeline);

  stateChange(issue, change, actor, columns, events, timeline);

  if (change.lock && !issue.locked) {
    Object.assign(columns, { locked: true, active_lock_reason: change.lock.reason });
    events.push({ action: 'locked' });
    timeline.push({ event: 'locked', details: { lock_reason: change.lock.reason } });
  }
  if (change.unlock && issue.locked) {
    Object.assign(columns, { locked: false, active_lock_reason: null });
    events.push({ action: 'unlocked' });
    timeline.push({ event: 'unlocked' });
  }

  if (Object.keys(columns).length === 0 && added.length === 0 && removed.length === 0 && !linksChanged) return issue;
  columns.updated_at = new Date();
  await updateIssueRow(tx, issue.id, columns);
  if (columns.state !== undefined && columns.state !== issue.state)
    await moveOpenIssueCount(ctx, columns.state === 'open' ? 1 : -1);
  await recordIssueEvents(tx, issue, actor, timeline);
  const row = (await issueByNumber(tx, repo.id, number))!;
  await emitIssuesEvents(ctx, row, events);
  return row;
}

function stateChange(
  issue: IssueRow,
  change: IssueChange,
  actor: number | null,
  columns: Record<string, unknown>,
  events: IssuesEvent[],
  timeline: NewIssueEvent[],
): void {
  const state = change.state ?? (change.stateReason === 'reopened' ? 'open' : issue.state);
  if (state === 'closed' && issue.state === 'open') {
    const reason = change.stateReason && change.stateReason !== 'reopened' ? change.stateReason : 'completed';
    Object.assign(columns, { state, state_reason: reason, closed_at: new Date(), closed_by_id: actor });
    events.push({ action: 'closed' });
    timeline.push({ event: 'closed', details: { state_reason: reason } });
  } else if (state === 'open' && issue.state === 'closed') {
    Object.assign(columns, { state, state_reason: 'reopened', closed_at: null, closed_by_id: null });
    events.push({ action: 'reopened' });
    timeline.push({ event: 'reopened', details: { state_reason: 'reopened' } });
  } else if (
    state === 'closed' &&
    change.stateReason &&
    change.stateReason !== 'reopened' &&
    change.stateReason !== issue.state_reason
  ) {
    // Closed as completed, then marked not planned: the reason changes, no event (as GitHub).
    columns.state_reason = change.stateReason;
  }
}
