// One page of a timeline, an issue's or a pull request's (issue-timeline.ts,
// ../pulls/pull-timeline.ts): the comments and the events Wharf records in
// the order they happened, as REST's timeline lists them, and for a pull
// request its submitted reviews and its commits too. The kinds asked
// (`itemTypes`) become the read's kinds; the page is one statement for every
// subject asked in the same tick with the same request (issue-timeline-batch-reads.ts:
// a pull request's commits are part of its request, so its page is its own
// statement when commits are asked); the comments and reviews come through
// their loaders, the people through theirs.
import type { IssueEventKind } from '../../issues/issue-events.js';
import { isoSeconds } from '../../views/timestamps.js';
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import { decodeCursor } from '../core/paginate.js';
import type { TimelineConnectionModel, TimelineItemModel } from './timeline-models.js';

export interface TimelineArgs<T extends string> {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  itemTypes?: readonly T[] | null;
  since?: string | null;
  skip?: number | null;
}

/** What a subject's timeline holds: GitHub's item type of each event kind recorded, and a pull request's own. */
export interface TimelineSource<T extends string> {
  recorded: Partial<Record<T, IssueEventKind>>;
  pull?: {
    /** The commits, oldest first, with their committer dates (ISO); read only when commits are asked. */
    commits: () => Promise<{ oid: string; at: string }[]>;
    /** The item a commit is: a PullRequestCommit (timelineItems) or a Commit (the older timeline). */
    commitItem: (oid: string) => Promise<TimelineItemModel>;
  };
}

const asked = <T extends string>(wanted: readonly T[] | null, type: string) =>
  wanted === null || wanted.includes(type as T);

export async function timelinePage<T extends string>(
  subject: { id: number },
  args: TimelineArgs<T>,
  ctx: GraphqlContext,
  name: string,
  source: TimelineSource<T>,
) {
  const wanted = args.itemTypes ?? null;
  const events = Object.entries(source.recorded)
    .filter(([type]) => asked(wanted, type))
    .map(([, kind]) => kind as IssueEventKind);
  if (args.since != null && Number.isNaN(Date.parse(args.since)))
    throw githubError('INVALID_ARGUMENTS', `Argument 'since' on Field '${name}' has an invalid value (${args.since}).`);
  if (args.skip != null && args.skip < 0)
    throw githubError('INVALID_ARGUMENTS', `\`skip\` on the ${name} connection cannot be less than zero.`);
  const window = twoWayWindow(args, name);
  // `skip` drops items at the start of the list, before the window counts (GitHub's offset).
  if (args.skip && !window.fromEnd) window.offset += args.skip;
  const pull = source.pull;
  const request = {
    window,
    comments: asked(wanted, 'ISSUE_COMMENT'),
    events,
    since: args.since ?? null,
    reviews: pull !== undefined && asked(wanted, 'PULL_REQUEST_REVIEW'),
    commits: pull !== undefined && asked(wanted, 'PULL_REQUEST_COMMIT') ? await pull.commits() : [],
  };
  const page = await ctx.loaders.timelinePage.load({ repositoryId: subject.id, page: request });
  const items = await Promise.all(
    page.rows.map((row): Promise<TimelineItemModel | null> | TimelineItemModel => {
      if (row.entry === 'comment') return ctx.loaders.commentById.load(row.id);
      if (row.entry === 'review') return ctx.loaders.reviewById.load(row.id);
      if (row.entry === 'commit') return pull!.commitItem(row.oid!);
      return { ...row, entry: 'event', event: row.event!, details: row.details ?? {}, timeline_event: true };
    }),
  );
  // A comment or review deleted between the two reads is left out of the page.
  const nodes = items.filter((item): item is TimelineItemModel => item !== null);
  return connection(nodes, page.total, pageAt(window, page.rows.length, page.total));
}

/** timelineItems: the page with the counts GitHub's …TimelineItemsConnection adds (filteredCount: between the cursors). */
export async function timelineItemsPage<T extends string>(
  subject: { id: number; updated_at: Date },
  args: TimelineArgs<T>,
  ctx: GraphqlContext,
  source: TimelineSource<T>,
): Promise<TimelineConnectionModel> {
  const page = await timelinePage(subject, args, ctx, 'timelineItems', source);
  const after = args.after ? decodeCursor(args.after) : 0;
  const end = args.before ? Math.min(decodeCursor(args.before) - 1, page.totalCount) : page.totalCount;
  return {
    ...page,
    filteredCount: Math.max(0, end - after),
    pageCount: page.nodes.length,
    updatedAt: isoSeconds(subject.updated_at),
  };
}
