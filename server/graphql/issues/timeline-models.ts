// What the timeline resolvers pass around (codegen mappers): an event is its
// issue_events row as the timeline's batch read gives it (the actor, the
// assignee and the issue come through the loaders); a page of the timeline
// is the connection with the counts IssueTimelineItemsConnection adds.
import type { TimelineEntryRow } from '../../issues/issue-timeline-batch-reads.js';
import type { CommentModel } from './issue-models.js';
import { NODE_TYPE, type IssueEventDetails, type IssueEventKind } from '../../issues/issue-events.js';

export interface TimelineEventModel extends TimelineEntryRow {
  entry: 'event';
  event: IssueEventKind;
  details: IssueEventDetails;
  /** Tells an event from the other models of a timeline (IssueComment rows). */
  timeline_event: true;
}

export type TimelineItemModel = TimelineEventModel | CommentModel;

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

/** The GraphQL types of the kinds an issue's timeline reads (issue-timeline.ts's RECORDED). */
export type TimelineEventType =
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

/** An event's GraphQL type, the one its node_id names (REST's too). */
export const eventType = (event: TimelineEventModel) => NODE_TYPE[event.event] as TimelineEventType;
