// What the timeline resolvers pass around (codegen mappers): an event is its
// issue_events row as the timeline's batch read gives it (the actor, the
// assignee and the issue come through the loaders); a pull request's review is
// its review row, a commit its PullRequestCommit (or, in the older `timeline`,
// its Commit); a page of the timeline is the connection with the counts
// …TimelineItemsConnection adds.
import type { TimelineEntryRow } from '../../issues/issue-timeline-batch-reads.js';
import type { CommentModel } from './issue-models.js';
import { NODE_TYPE, type IssueEventDetails, type IssueEventKind } from '../../issues/issue-events.js';

export interface TimelineEventModel extends Omit<TimelineEntryRow, 'oid'> {
  entry: 'event';
  event: IssueEventKind;
  details: IssueEventDetails;
  /** Tells an event from the other models of a timeline (IssueComment rows). */
  timeline_event: true;
}

/**
 * A pull request's own items, as its side builds them (pulls/pull-timeline.ts): a review row (marked by
 * `node_type`), a PullRequestCommit ({ pull, commit }) or a Commit (a git object, `oid`).
 */
export type PullTimelineItemModel = { node_type: string } | { pull: object; commit: object } | { oid: string };

export type TimelineItemModel = TimelineEventModel | CommentModel | PullTimelineItemModel;

export const isTimelineEvent = (model: object): model is TimelineEventModel => 'timeline_event' in model;

export interface TimelineConnectionModel {
  edges: { cursor: string; node: TimelineItemModel }[];
  nodes: TimelineItemModel[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  totalCount: number;
  filteredCount: number;
  pageCount: number;
  updatedAt: string;
}

/** A page of the older `timeline` connections (no counts beyond the total). */
export type TimelinePageModel = Omit<TimelineConnectionModel, 'filteredCount' | 'pageCount' | 'updatedAt'>;

/** The GraphQL types of the kinds a pull request's timeline adds (pull-timeline.ts's PULL_RECORDED). */
export type PullTimelineEventType =
  | 'ReviewRequestedEvent'
  | 'ReviewRequestRemovedEvent'
  | 'ConvertToDraftEvent'
  | 'ReadyForReviewEvent'
  | 'MergedEvent'
  | 'HeadRefDeletedEvent'
  | 'AutoMergeEnabledEvent'
  | 'AutoSquashEnabledEvent'
  | 'AutoRebaseEnabledEvent'
  | 'AutoMergeDisabledEvent';

/** The GraphQL types of the kinds an issue's timeline reads (issue-timeline.ts's ISSUE_RECORDED). */
export type IssueTimelineEventType =
  | 'AssignedEvent'
  | 'UnassignedEvent'
  | 'ClosedEvent'
  | 'ReopenedEvent'
  | 'LabeledEvent'
  | 'UnlabeledEvent'
  | 'MilestonedEvent'
  | 'DemilestonedEvent'
  | 'RenamedTitleEvent'
  | 'LockedEvent'
  | 'UnlockedEvent';

export type TimelineEventType = IssueTimelineEventType | PullTimelineEventType;

/** An event's GraphQL type, the one its node_id names (REST's too). */
export const eventType = (event: TimelineEventModel) => NODE_TYPE[event.event] as TimelineEventType;

/** A timeline item's GraphQL type (the unions' __resolveType). */
export function timelineItemType(item: TimelineItemModel) {
  if (isTimelineEvent(item)) return eventType(item);
  if ('node_type' in item) return 'PullRequestReview';
  if ('pull' in item) return 'PullRequestCommit';
  if ('oid' in item) return 'Commit';
  return 'IssueComment';
}
