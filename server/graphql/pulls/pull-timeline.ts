// PullRequest.timelineItems (and the older PullRequest.timeline): what the
// issue's timeline holds (the comments and the events recorded on any issue),
// the events Wharf records on pull requests only, the submitted reviews (at
// their submission; another's pending review is never there) and the commits
// (at their committer date, as GitHub places them). The page is read as the
// issue's is (../issues/timeline-page.ts); the commits come from git as
// `commits` reads them, their dates through the request's cat-file batch.
import type { IssueEventKind } from '../../issues/issue-events.js';
import type { GraphqlContext } from '../core/context.js';
import type {
  PullRequestResolvers,
  PullRequestTimelineItemResolvers,
  PullRequestTimelineItemsItemType,
  PullRequestTimelineItemsResolvers,
} from '../generated/resolvers-types.js';
import { ISSUE_RECORDED } from '../issues/issue-timeline.js';
import { timelineItemType } from '../issues/timeline-models.js';
import { timelineItemsPage, timelinePage, type TimelineSource } from '../issues/timeline-page.js';
import { commitOf } from '../resolvers/commit.js';
import type { PullModel } from './pull-models.js';
import { repositoryOf } from './pull-paths.js';

/** GitHub's item type of each kind Wharf records on a pull request. */
const PULL_RECORDED: Partial<Record<PullRequestTimelineItemsItemType, IssueEventKind>> = {
  ...ISSUE_RECORDED,
  REVIEW_REQUESTED_EVENT: 'review_requested',
  REVIEW_REQUEST_REMOVED_EVENT: 'review_request_removed',
  CONVERT_TO_DRAFT_EVENT: 'convert_to_draft',
  READY_FOR_REVIEW_EVENT: 'ready_for_review',
  MERGED_EVENT: 'merged',
  HEAD_REF_DELETED_EVENT: 'head_ref_deleted',
  AUTO_MERGE_ENABLED_EVENT: 'auto_merge_enabled',
  AUTO_SQUASH_ENABLED_EVENT: 'auto_squash_enabled',
  AUTO_REBASE_ENABLED_EVENT: 'auto_rebase_enabled',
  AUTO_MERGE_DISABLED_EVENT: 'auto_merge_disabled',
};

/** The commits, oldest first, each with its committer date. */
async function datedCommits(pull: PullModel, ctx: GraphqlContext) {
  const [oids, repo] = await Promise.all([
    ctx.loaders.pullCommits.load({ repositoryId: pull.repository_id, base: pull.base_sha, head: pull.head_sha }),
    repositoryOf(ctx, pull.repository_id),
  ]);
  const commits = await Promise.all(oids.map((oid) => commitOf(ctx, { repo, oid, type: 'commit' })));
  return oids.map((oid, i) => ({ oid, at: commits[i]!.committer.utc }));
}

// The older `timeline`'s union has no draft or auto-merge events: they are left out of it, as GitHub's.
const {
  CONVERT_TO_DRAFT_EVENT: _draft,
  READY_FOR_REVIEW_EVENT: _ready,
  AUTO_MERGE_ENABLED_EVENT: _autoMerge,
  AUTO_SQUASH_ENABLED_EVENT: _autoSquash,
  AUTO_REBASE_ENABLED_EVENT: _autoRebase,
  AUTO_MERGE_DISABLED_EVENT: _autoMergeOff,
  ...OLDER_RECORDED
} = PULL_RECORDED;

/** The pull request's timeline, its commits as PullRequestCommit (timelineItems) or as Commit (`timeline`). */
const sourceOf = (pull: PullModel, ctx: GraphqlContext, asPullCommit: boolean) =>
  ({
    recorded: asPullCommit ? PULL_RECORDED : OLDER_RECORDED,
    pull: {
      commits: () => datedCommits(pull, ctx),
      commitItem: async (oid) => {
        const commit = { repo: await repositoryOf(ctx, pull.repository_id), oid, type: 'commit' as const };
        return asPullCommit ? { pull, commit } : commit;
      },
    },
  }) satisfies TimelineSource<PullRequestTimelineItemsItemType>;

export const pullTimelineFields: Pick<PullRequestResolvers, 'timelineItems' | 'timeline'> = {
  timelineItems: (pull, args, ctx) => timelineItemsPage(pull, args, ctx, sourceOf(pull, ctx, true)),
  timeline: (pull, args, ctx) => timelinePage(pull, args, ctx, 'timeline', sourceOf(pull, ctx, false)),
};

export const PullRequestTimelineItems = { __resolveType: timelineItemType } as PullRequestTimelineItemsResolvers;
export const PullRequestTimelineItem = { __resolveType: timelineItemType } as PullRequestTimelineItemResolvers;
