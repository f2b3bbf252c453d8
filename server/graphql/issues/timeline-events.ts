// The event types of an issue's timeline, each read from its issue_events row
// as REST's issues/events bodies are (issue-events.ts): who did it, when, and
// what its kind's `details` kept (the label's name and color, the milestone's
// title, the titles of a rename, the lock reason, the state reason). The
// issue they happened to comes through its loader.
import { encodeNodeId } from '../../ids/node-id.js';
import type { LabelRow } from '../../labels/labels-store.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { GraphqlContext } from '../core/context.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { accountType } from '../resolvers/account.js';
import { LOCK_REASONS, STATE_REASONS } from './issue-resolvers.js';
import { eventType, type IssueTimelineEventType, type TimelineEventModel } from './timeline-models.js';

const account = (id: number | null | undefined, ctx: GraphqlContext) =>
  id == null ? null : ctx.loaders.accountById.load(id);

async function issueOf(event: TimelineEventModel, ctx: GraphqlContext) {
  const issue = await ctx.loaders.issueById.load(event.issue_id);
  if (!issue) throw new Error(`event ${event.id} of a missing issue`);
  return issue;
}

/** An event's html path: its issue's or pull request's page at the event's anchor. */
export async function eventPath(event: TimelineEventModel, ctx: GraphqlContext) {
  const [issue, repo] = await Promise.all([issueOf(event, ctx), ctx.loaders.repositoryById.load(event.repository_id)]);
  return `/${repo!.owner_login}/${repo!.name}/${issue.is_pull ? 'pull' : 'issues'}/${issue.number}#event-${event.id}`;
}

/** The label an event names: the repository's label of that name, or (deleted or renamed since) as it was then. */
async function eventLabel(event: TimelineEventModel, ctx: GraphqlContext): Promise<LabelRow> {
  const applied = event.details.label ?? { name: '', color: '' };
  const label = await ctx.loaders.labelByName.load({ repositoryId: event.repository_id, name: applied.name });
  return (
    label ?? {
      id: 0,
      repository_id: event.repository_id,
      name: applied.name,
      color: applied.color,
      description: null,
      is_default: false,
      created_at: event.created_at,
      updated_at: event.created_at,
    }
  );
}

// Duplicate reads as NOT_PLANNED, as Issue.stateReason answers clients that do not ask for it.
const stateReason = (event: TimelineEventModel) => {
  const reason = event.details.state_reason ?? null;
  if (reason === null) return null;
  return reason === 'duplicate' ? 'NOT_PLANNED' : STATE_REASONS[reason];
};

/** What every event type answers alike (pulls/pull-timeline-events.ts spreads it too). */
export const eventCommon = {
  id: (event: TimelineEventModel) => encodeNodeId(eventType(event), event.id),
  actor: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => account(event.actor_id, ctx),
  createdAt: (event: TimelineEventModel) => isoSeconds(event.created_at),
};

const assignment = {
  ...eventCommon,
  assignable: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => issueOf(event, ctx),
  assignee: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => account(event.details.assignee_id, ctx),
  user: async (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => {
    const assignee = await account(event.details.assignee_id, ctx);
    return assignee?.kind === 'Organization' ? null : assignee;
  },
};

const labeling = {
  ...eventCommon,
  label: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => eventLabel(event, ctx),
  labelable: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => issueOf(event, ctx),
};

const milestoning = {
  ...eventCommon,
  milestoneTitle: (event: TimelineEventModel) => event.details.milestone?.title ?? '',
  subject: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => issueOf(event, ctx),
};

const locking = {
  ...eventCommon,
  lockable: (event: TimelineEventModel, _args: unknown, ctx: GraphqlContext) => issueOf(event, ctx),
};

export const timelineEventResolvers: Pick<
  Resolvers,
  IssueTimelineEventType | 'Assignee' | 'Closable' | 'Closer' | 'MilestoneItem' | 'RenamedTitleSubject'
> = {
  AssignedEvent: assignment,
  UnassignedEvent: assignment,
  ClosedEvent: {
    ...eventCommon,
    closable: (event, _args, ctx) => issueOf(event, ctx),
    // Wharf does not record what closed an issue (a commit or pull request's closing keyword).
    closer: () => null,
    stateReason,
    resourcePath: (event, _args, ctx) => eventPath(event, ctx),
    url: async (event, _args, ctx) => ctx.services.urls.html(await eventPath(event, ctx)),
  },
  ReopenedEvent: { ...eventCommon, closable: (event, _args, ctx) => issueOf(event, ctx), stateReason },
  LabeledEvent: labeling,
  UnlabeledEvent: labeling,
  MilestonedEvent: milestoning,
  DemilestonedEvent: milestoning,
  RenamedTitleEvent: {
    ...eventCommon,
    previousTitle: (event) => event.details.rename?.from ?? '',
    currentTitle: (event) => event.details.rename?.to ?? '',
    subject: (event, _args, ctx) => issueOf(event, ctx),
  },
  LockedEvent: {
    ...locking,
    lockReason: (event) => (event.details.lock_reason ? LOCK_REASONS[event.details.lock_reason] : null),
  },
  UnlockedEvent: locking,
  Assignee: { __resolveType: accountType },
  // An issue's timeline names its issue (read by issueById, an Issue row); a milestone's row has its due date.
  Closable: { __resolveType: (model) => ('due_on' in model ? 'Milestone' : 'Issue') },
  Closer: { __resolveType: () => null },
  MilestoneItem: { __resolveType: () => 'Issue' },
  RenamedTitleSubject: { __resolveType: () => 'Issue' },
};
