// PullRequest: its issue's fields through Issue's own resolvers (a pull
// request is an issue: the same labels, assignees, milestone and comments;
// its reactions are joined in resolvers.ts, as Issue's), its own from the
// pull_requests row, and the repositories, refs and people it names through
// the per-request loaders. A pull request is visible exactly when its
// repository is.
import { isoSecondsOrNull } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import type { MergeableState, PullRequestResolvers, PullRequestState } from '../generated/resolvers-types.js';
import { Issue } from '../issues/issue-resolvers.js';
import { issueLabelableFields } from '../issues/labelable.js';
import { BRANCH_PREFIX, refModel } from '../resolvers/refs.js';
import { pullCommitsField, pullFilesField } from './pull-connections.js';
import type { PullModel } from './pull-models.js';
import { pullPath, repositoryOf } from './pull-paths.js';
import { viewerAs } from '../access/writer.js';

/** The head repository when the caller may see it (a fork may be private); null for a deleted one. */
export async function headRepository(ctx: GraphqlContext, pull: PullModel): Promise<RepositoryRow | null> {
  if (pull.head_repository_id === null) return null;
  const repo = await ctx.loaders.repositoryById.load(pull.head_repository_id);
  return repo !== null && (await ctx.access.seesRepository(repo)) ? repo : null;
}

/** The branch as a Ref while it exists (read with the repository's other refs: one `for-each-ref` per repository). */
export async function branchRef(ctx: GraphqlContext, repo: RepositoryRow | null, name: string) {
  if (repo === null) return null;
  const record = (await ctx.loaders.git.refs.load(repo)).find((ref) => ref.fullName === BRANCH_PREFIX + name);
  return record ? refModel(repo, record, BRANCH_PREFIX) : null;
}

const AUTO_MERGE_METHODS = { merge: 'MERGE', squash: 'SQUASH', rebase: 'REBASE' } as const;

/** A writer of an open pull request's repository that allows auto-merge, when it is off (enable) or on (disable). */
async function viewerCanChangeAutoMerge(ctx: GraphqlContext, pull: PullModel, enabled: boolean): Promise<boolean> {
  if (pull.state !== 'open' || pull.merged_at !== null) return false;
  if (((await ctx.loaders.autoMergeRequest.load(pull.id)) !== null) !== enabled) return false;
  const repo = await repositoryOf(ctx, pull.repository_id);
  if (!repo.allow_auto_merge) return false;
  return (await viewerAs(ctx, repo, 'enablePullRequestAutoMerge', 'write')) !== null;
}

const MERGEABLE: Record<string, MergeableState> = { true: 'MERGEABLE', false: 'CONFLICTING', null: 'UNKNOWN' };

export const pullState = (pull: Pick<PullModel, 'state' | 'merged_at'>): PullRequestState =>
  pull.merged_at !== null ? 'MERGED' : pull.state === 'closed' ? 'CLOSED' : 'OPEN';

export const PullRequest: PullRequestResolvers = {
  // What a pull request shares with an issue, as the issue serves it.
  number: Issue.number!,
  title: Issue.title!,
  body: Issue.body!,
  closed: Issue.closed!,
  closedAt: Issue.closedAt!,
  createdAt: Issue.createdAt!,
  updatedAt: Issue.updatedAt!,
  locked: Issue.locked!,
  activeLockReason: Issue.activeLockReason!,
  author: Issue.author!,
  repository: Issue.repository!,
  assignees: Issue.assignees!,
  comments: Issue.comments!,
  labels: Issue.labels!,
  milestone: Issue.milestone!,
  ...issueLabelableFields,
  id: (pull) => encodeNodeId('PullRequest', pull.id),
  databaseId: (pull) => pull.id,
  autoMergeRequest: async (pull, _args, ctx) => {
    const request = await ctx.loaders.autoMergeRequest.load(pull.id);
    if (request === null) return null;
    return {
      authorEmail: null,
      commitBody: request.commit_message,
      commitHeadline: request.commit_title,
      enabledAt: isoSecondsOrNull(request.enabled_at),
      enabledBy: await ctx.loaders.accountById.load(request.enabled_by_id),
      mergeMethod: AUTO_MERGE_METHODS[request.merge_method],
      pullRequest: pull,
    };
  },
  viewerCanEnableAutoMerge: (pull, _args, ctx) => viewerCanChangeAutoMerge(ctx, pull, false),
  viewerCanDisableAutoMerge: (pull, _args, ctx) => viewerCanChangeAutoMerge(ctx, pull, true),
  state: (pull) => pullState(pull),
  isDraft: (pull) => pull.draft,
  merged: (pull) => pull.merged_at !== null,
  mergedAt: (pull) => isoSecondsOrNull(pull.merged_at),
  mergedBy: (pull, _args, ctx) => (pull.merged_by_id === null ? null : ctx.loaders.accountById.load(pull.merged_by_id)),
  mergeable: (pull) => MERGEABLE[String(pull.mergeable)]!,
  // GitHub's mergeCommit is the commit a merge made: null while open, though REST's merge_commit_sha shows the test merge.
  mergeCommit: async (pull, _args, ctx) =>
    pull.merge_commit_sha === null || pull.merged_at === null
      ? null
      : { repo: await repositoryOf(ctx, pull.repository_id), oid: pull.merge_commit_sha, type: 'commit' },
  headRefName: (pull) => pull.head_ref,
  headRefOid: (pull) => pull.head_sha,
  baseRefName: (pull) => pull.base_ref,
  baseRefOid: (pull) => pull.base_sha,
  headRef: async (pull, _args, ctx) => branchRef(ctx, await headRepository(ctx, pull), pull.head_ref),
  baseRef: async (pull, _args, ctx) => branchRef(ctx, await repositoryOf(ctx, pull.repository_id), pull.base_ref),
  headRepository: (pull, _args, ctx) => headRepository(ctx, pull),
  baseRepository: (pull, _args, ctx) => repositoryOf(ctx, pull.repository_id),
  headRepositoryOwner: async (pull, _args, ctx) => {
    const repo = await headRepository(ctx, pull);
    return repo === null ? null : ctx.loaders.accountById.load(repo.owner_id);
  },
  isCrossRepository: (pull) => pull.head_repository_id !== pull.repository_id,
  maintainerCanModify: (pull) => pull.maintainer_can_modify,
  additions: (pull) => pull.additions,
  deletions: (pull) => pull.deletions,
  changedFiles: (pull) => pull.changed_files,
  // Review comments come with reviews: until then, the conversation's comments.
  totalCommentsCount: (pull) => pull.comments,
  resourcePath: (pull, _args, ctx) => pullPath(ctx, pull),
  url: async (pull, _args, ctx) => ctx.services.urls.html(await pullPath(ctx, pull)),
  permalink: async (pull, _args, ctx) => ctx.services.urls.html(await pullPath(ctx, pull)),
  commits: pullCommitsField,
  files: pullFilesField,
};
