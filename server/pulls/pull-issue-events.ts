// When the issue endpoints change an issue that is a pull request (labels,
// assignees, milestone, title, body, state, lock), GitHub sends
// `pull_request` events, not `issues` ones: the same actions with the pull
// request's body. issue-webhooks.ts hands such changes here; the issue row
// already says whether it is a pull request (its join), so an issue change
// costs nothing more.
import { labelView } from '../labels/label-view.js';
import { milestoneView } from '../milestones/milestone-view.js';
import type { IssueRow } from '../issues/issue-rows.js';
import type { EventContext, IssuesEvent } from '../issues/issue-webhooks.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import { pullFieldsOf } from './pull-rows.js';
import { emitPullRequestEvents, type PullRequestEvent } from './pull-webhooks.js';

/** The `pull_request` event for an `issues` one, or null when a pull request has no such action. */
function pullEventOf(ctx: EventContext, issue: IssueRow, event: IssuesEvent): PullRequestEvent | null {
  switch (event.action) {
    case 'edited':
      return { action: 'edited', changes: event.changes ?? {} };
    case 'closed':
    case 'reopened':
      return { action: event.action };
    case 'locked':
    case 'unlocked':
      return { action: event.action };
    case 'assigned':
    case 'unassigned':
      return { action: event.action, assignee: simpleUser(event.assignee!, ctx.urls) };
    case 'labeled':
    case 'unlabeled':
      return { action: event.action, label: labelView(event.label!, ctx.repo, ctx.urls) };
    case 'milestoned':
    case 'demilestoned': {
      // The milestone as read after the change (its counts include it) when it is the one named.
      const milestone = issue.milestone?.id === event.milestone!.id ? issue.milestone : event.milestone!;
      return { action: event.action, milestone: milestoneView(milestone, ctx.repo, ctx.urls) };
    }
    default:
      return null;
  }
}

/**
 * Writes the `pull_request` events of `events` for pull request `issue`;
 * returns the events a pull request has no action for (left to `issues`).
 */
export async function emitIssueChangesAsPull(
  ctx: EventContext,
  issue: IssueRow,
  events: IssuesEvent[],
): Promise<IssuesEvent[]> {
  const mapped: PullRequestEvent[] = [];
  const rest: IssuesEvent[] = [];
  for (const event of events) {
    const pullEvent = pullEventOf(ctx, issue, event);
    if (pullEvent) mapped.push(pullEvent);
    else rest.push(event);
  }
  if (mapped.length === 0) return rest;
  const pull = (await pullFieldsOf(ctx.tx, [issue.id])).get(issue.id)!;
  let head: RepositoryRow | null = null;
  if (pull.head_repository_id !== null && pull.head_repository_id !== ctx.repo.id) {
    [head = null] = await ctx.tx<RepositoryRow[]>`${SELECT_REPOSITORY(ctx.tx)} WHERE r.id = ${pull.head_repository_id}`;
  }
  const repos = (id: number | null) => (id === ctx.repo.id ? ctx.repo : id !== null && id === head?.id ? head : null);
  await emitPullRequestEvents(ctx, { issue, pull }, repos, mapped);
  return rest;
}
