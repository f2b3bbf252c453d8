// Issue.timelineItems (and the older Issue.timeline): the issue's comments and
// the events Wharf records, in the order they happened, as REST's timeline
// lists them. Each recorded kind is GitHub's event type (NODE_TYPE, whose ids
// REST's node_id gives too); kinds Wharf never records (cross-references,
// projects, subscriptions…) are simply never returned. One statement per page
// for every issue asked in the same tick (issue-timeline-batch-reads.ts); the
// comments come through their loader, the people through theirs.
import type { IssueEventKind } from '../../issues/issue-events.js';
import { isoSeconds } from '../../views/timestamps.js';
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type {
  IssueResolvers,
  IssueTimelineItemsItemType,
  IssueTimelineItemResolvers,
  IssueTimelineItemsResolvers,
} from '../generated/resolvers-types.js';
import type { IssueModel } from './issue-models.js';
import { eventType, isTimelineEvent, type TimelineConnectionModel, type TimelineItemModel } from './timeline-models.js';

/** GitHub's item type of each kind Wharf records. */
const RECORDED: Partial<Record<IssueTimelineItemsItemType, IssueEventKind>> = {
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
};

interface TimelineArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  itemTypes?: readonly IssueTimelineItemsItemType[] | null;
  since?: string | null;
  skip?: number | null;
}

async function timelinePage(issue: IssueModel, args: TimelineArgs, ctx: GraphqlContext, name: string) {
  const wanted = args.itemTypes ?? null;
  const events = Object.entries(RECORDED)
    .filter(([type]) => wanted === null || wanted.includes(type as IssueTimelineItemsItemType))
    .map(([, kind]) => kind);
  if (args.since != null && Number.isNaN(Date.parse(args.since)))
    throw githubError('INVALID_ARGUMENTS', `Argument 'since' on Field '${name}' has an invalid value (${args.since}).`);
  if (args.skip != null && args.skip < 0)
    throw githubError('INVALID_ARGUMENTS', `\`skip\` on the ${name} connection cannot be less than zero.`);
  const window = twoWayWindow(args, name);
  // `skip` drops items at the start of the list, before the window counts (GitHub's offset).
  if (args.skip && !window.fromEnd) window.offset += args.skip;
  const request = {
    window,
    comments: wanted === null || wanted.includes('ISSUE_COMMENT'),
    events,
    since: args.since ?? null,
  };
  const page = await ctx.loaders.timelinePage.load({ repositoryId: issue.id, page: request });
  const items = await Promise.all(
    page.rows.map((row): Promise<TimelineItemModel | null> | TimelineItemModel =>
      row.entry === 'comment'
        ? ctx.loaders.commentById.load(row.id)
        : { ...row, entry: 'event', event: row.event!, details: row.details ?? {}, timeline_event: true },
    ),
  );
  // A comment deleted between the two reads is left out of the page.
  const nodes = items.filter((item): item is TimelineItemModel => item !== null);
  return connection(nodes, page.total, pageAt(window, page.rows.length, page.total));
}

export const issueTimelineFields: Pick<IssueResolvers, 'timelineItems' | 'timeline'> = {
  timelineItems: async (issue, args, ctx): Promise<TimelineConnectionModel> => {
    const page = await timelinePage(issue, args, ctx, 'timelineItems');
    return {
      ...page,
      filteredCount: page.totalCount,
      pageCount: page.nodes.length,
      updatedAt: isoSeconds(issue.updated_at),
    };
  },
  timeline: (issue, args, ctx) => timelinePage(issue, args, ctx, 'timeline'),
};

const itemType = (item: TimelineItemModel) => (isTimelineEvent(item) ? eventType(item) : 'IssueComment');

export const IssueTimelineItems = { __resolveType: itemType } as IssueTimelineItemsResolvers;
export const IssueTimelineItem = { __resolveType: itemType } as IssueTimelineItemResolvers;
