// A pull request's connections read from git (`commits`, `files`: one git
// process each per request, through pull-loaders.ts), PullRequestCommit, and
// the Repository fields that reach pull requests (`pullRequest`,
// `pullRequests`, `issueOrPullRequest`), Label's and Milestone's `pullRequests`
// and IssueComment's `pullRequest`.
import { connection, listConnection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import { notFoundError } from '../core/errors.js';
import type {
  IssueCommentResolvers,
  LabelResolvers,
  MilestoneResolvers,
  PullRequestCommitResolvers,
  PullRequestResolvers,
  RepositoryPullRequestsArgs,
  RepositoryResolvers,
} from '../generated/resolvers-types.js';
import type { PullCommitModel, PullModel } from './pull-models.js';
import type { PullPageRequest } from '../../pulls/pull-batch-reads.js';
import { pullPath, repositoryOf } from './pull-paths.js';

const shasOf = (pull: PullModel) => ({ repositoryId: pull.repository_id, base: pull.base_sha, head: pull.head_sha });

export const pullCommitsField: NonNullable<PullRequestResolvers['commits']> = async (pull, args, ctx) => {
  const [oids, repo] = await Promise.all([
    ctx.loaders.pullCommits.load(shasOf(pull)),
    repositoryOf(ctx, pull.repository_id),
  ]);
  const commits = oids.map((oid): PullCommitModel => ({ pull, commit: { repo, oid, type: 'commit' } }));
  return listConnection(commits, args, 'commits');
};

export const pullFilesField: NonNullable<PullRequestResolvers['files']> = async (pull, args, ctx) =>
  listConnection(await ctx.loaders.pullFiles.load(shasOf(pull)), args, 'files');

const commitPath = async (ctx: GraphqlContext, model: PullCommitModel) =>
  `${await pullPath(ctx, model.pull)}/commits/${model.commit.oid}`;

export const PullRequestCommit: PullRequestCommitResolvers = {
  commit: (model) => model.commit,
  pullRequest: (model) => model.pull,
  resourcePath: (model, _args, ctx) => commitPath(ctx, model),
  url: async (model, _args, ctx) => ctx.services.urls.html(await commitPath(ctx, model)),
};

/** The page request of `pullRequests`: GitHub's default order is oldest first; every state unless `states` narrows. */
export function pullPageRequest(args: Partial<RepositoryPullRequestsArgs>): PullPageRequest {
  return {
    window: twoWayWindow(args, 'pullRequests'),
    states: args.states?.length ? [...new Set(args.states)].sort() : ['CLOSED', 'MERGED', 'OPEN'],
    orderBy: args.orderBy?.field ?? 'CREATED_AT',
    direction: args.orderBy?.direction ?? 'ASC',
    headRefName: args.headRefName ?? null,
    baseRefName: args.baseRefName ?? null,
    labels: args.labels?.length ? args.labels : null,
  };
}

export async function pullConnection(
  ctx: GraphqlContext,
  loader: 'pullPage' | 'labelPullPage' | 'milestonePullPage' | 'authoredPullPage',
  parentId: number,
  args: Partial<RepositoryPullRequestsArgs>,
) {
  const request = pullPageRequest(args);
  const page = await ctx.loaders[loader].load({ repositoryId: parentId, page: request });
  return connection<PullModel>(page.rows, page.total, pageAt(request.window, page.rows.length, page.total));
}

export const labelPullFields: Pick<LabelResolvers, 'pullRequests'> = {
  pullRequests: (label, args, ctx) => pullConnection(ctx, 'labelPullPage', label.id, args),
};

export const milestonePullFields: Pick<MilestoneResolvers, 'pullRequests'> = {
  pullRequests: (milestone, args, ctx) => pullConnection(ctx, 'milestonePullPage', milestone.id, args),
};

/** IssueComment.pullRequest: the pull request a comment was made on, null for an issue's. */
export const commentPullFields: Pick<IssueCommentResolvers, 'pullRequest'> = {
  pullRequest: (comment, _args, ctx) => ctx.loaders.pullById.load(comment.issue_id),
};

export const repositoryPullFields: Pick<RepositoryResolvers, 'pullRequest' | 'pullRequests' | 'issueOrPullRequest'> = {
  // A number that names nothing is null with GitHub's NOT_FOUND error, which clients
  // (`gh pr view 99`) report; a bare null made gh print an empty pull request.
  pullRequest: async (repo, { number }, ctx) => {
    const pull = await ctx.loaders.pullByNumber.load({ repositoryId: repo.id, number });
    if (pull === null) throw notFoundError(`Could not resolve to a PullRequest with the number of ${number}.`);
    return pull;
  },
  pullRequests: (repo, args, ctx) => pullConnection(ctx, 'pullPage', repo.id, args),
  issueOrPullRequest: async (repo, { number }, ctx) => {
    const key = { repositoryId: repo.id, number };
    const [pull, issue] = await Promise.all([ctx.loaders.pullByNumber.load(key), ctx.loaders.issueByNumber.load(key)]);
    const found = pull ?? issue;
    if (found === null)
      throw notFoundError(`Could not resolve to an issue or pull request with the number of ${number}.`);
    return found;
  },
};
