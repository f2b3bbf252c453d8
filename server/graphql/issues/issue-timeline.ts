// Issue.timelineItems (and the older Issue.timeline): the issue's comments and
// the events Wharf records, in the order they happened, as REST's timeline
// lists them (timeline-page.ts reads the page). Each recorded kind is GitHub's
// event type (NODE_TYPE, whose ids REST's node_id gives too); kinds Wharf never
// records (cross-references, projects, subscriptions…) are simply never returned.
import type { IssueEventKind } from '../../issues/issue-events.js';
import type {
  IssueResolvers,
  IssueTimelineItemsItemType,
  IssueTimelineItemResolvers,
  IssueTimelineItemsResolvers,
} from '../generated/resolvers-types.js';
import { timelineItemsPage, timelinePage, type TimelineSource } from './timeline-page.js';
import { timelineItemType } from './timeline-models.js';

/** GitHub's item type of each kind Wharf records on an issue (a pull request's too). */
export const ISSUE_RECORDED = {
  ASSIGNED_EVENT: 'assigned',
  UNASSIGNED_EVENT: 'unassigned',
  CLOSED_EVENT: 'closed',
  REOPENED_EVENT: 'reopened',
  LABELED_EVENT: 'labeled',
  UNLABELED_EVENT: 'unlabeled',
  MILESTONED_EVENT: 'milestoned',
  DEMILESTONED_EVENT: 'demilestoned',
  RENAMED_TITLE_EVENT: 'renamed',
  LOCKED_EVENT: 'locked',
  UNLOCKED_EVENT: 'unlocked',
} as const satisfies Partial<Record<IssueTimelineItemsItemType, IssueEventKind>>;

const source: TimelineSource<IssueTimelineItemsItemType> = { recorded: ISSUE_RECORDED };

export const issueTimelineFields: Pick<IssueResolvers, 'timelineItems' | 'timeline'> = {
  timelineItems: (issue, args, ctx) => timelineItemsPage(issue, args, ctx, source),
  timeline: (issue, args, ctx) => timelinePage(issue, args, ctx, 'timeline', source),
};

export const IssueTimelineItems = { __resolveType: timelineItemType } as IssueTimelineItemsResolvers;
export const IssueTimelineItem = { __resolveType: timelineItemType } as IssueTimelineItemResolvers;
