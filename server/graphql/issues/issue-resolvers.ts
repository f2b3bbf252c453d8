// Issue and IssueComment, and the Repository fields that reach them (`issue`,
// `issues`), all read through the per-request loaders (issue-loaders.ts). An
// issue or comment is visible exactly when its repository is.
import { isoSeconds, isoSecondsOrNull } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { LockReason, StateReason } from '../../issues/issue-rows.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { connection, listConnection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, notFoundError } from '../core/errors.js';
import type {
  IssueCommentResolvers,
  IssueResolvers,
  IssueStateReason,
  LockReason as GraphqlLockReason,
  RepositoryIssuesArgs,
  RepositoryResolvers,
} from '../generated/resolvers-types.js';
import type { CommentModel, IssueModel } from './issue-models.js';
import type { IssuePageRequest } from '../../issues/issue-batch-reads.js';

async function repositoryOf(ctx: GraphqlContext, repositoryId: number): Promise<RepositoryRow> {
  const repo = await ctx.loaders.repositoryById.load(repositoryId);
  if (!repo) throw new Error(`no repository ${repositoryId}`);
  return repo;
}

// A pull request's conversation (and so its comments) is under /pull/, as on GitHub.
export const issuePath = async (
  issue: Pick<IssueModel, 'repository_id' | 'number' | 'is_pull'>,
  ctx: GraphqlContext,
) => {
  const repo = await repositoryOf(ctx, issue.repository_id);
  return `/${repo.owner_login}/${repo.name}/${issue.is_pull ? 'pull' : 'issues'}/${issue.number}`;
};

const commentPath = async (comment: CommentModel, ctx: GraphqlContext) => {
  const issue = await ctx.loaders.issueById.load(comment.issue_id);
  if (!issue) throw new Error(`comment ${comment.id} of a missing issue`);
  return `${await issuePath(issue, ctx)}#issuecomment-${comment.id}`;
};

export const LOCK_REASONS: Record<LockReason, GraphqlLockReason> = {
  'off-topic': 'OFF_TOPIC',
  'too heated': 'TOO_HEATED',
  resolved: 'RESOLVED',
  spam: 'SPAM',
};

export const STATE_REASONS: Record<StateReason, IssueStateReason> = {
  completed: 'COMPLETED',
  not_planned: 'NOT_PLANNED',
  reopened: 'REOPENED',
  duplicate: 'DUPLICATE',
};

const author = (userId: number | null, ctx: GraphqlContext) =>
  userId === null ? null : ctx.loaders.accountById.load(userId);

/** The page's position in the list: a page read from the end starts where its rows end up. */
export const Issue: IssueResolvers = {
  id: (issue) => encodeNodeId('Issue', issue.id),
  databaseId: (issue) => issue.id,
  number: (issue) => issue.number,
  title: (issue) => issue.title,
  body: (issue) => issue.body ?? '',
  state: (issue) => (issue.state === 'closed' ? 'CLOSED' : 'OPEN'),
  // Clients that do not ask for DUPLICATE see NOT_PLANNED, as on GitHub.
  stateReason: (issue, { enableDuplicate }) => {
    if (issue.state_reason === null) return null;
    return issue.state_reason === 'duplicate' && !enableDuplicate ? 'NOT_PLANNED' : STATE_REASONS[issue.state_reason];
  },
  closed: (issue) => issue.state === 'closed',
  closedAt: (issue) => isoSecondsOrNull(issue.closed_at),
  createdAt: (issue) => isoSeconds(issue.created_at),
  updatedAt: (issue) => isoSeconds(issue.updated_at),
  locked: (issue) => issue.locked,
  activeLockReason: (issue) => (issue.active_lock_reason === null ? null : LOCK_REASONS[issue.active_lock_reason]),
  author: (issue, _args, ctx) => author(issue.user_id, ctx),
  repository: (issue, _args, ctx) => repositoryOf(ctx, issue.repository_id),
  resourcePath: (issue, _args, ctx) => issuePath(issue, ctx),
  url: async (issue, _args, ctx) => ctx.services.urls.html(await issuePath(issue, ctx)),
  isPinned: (issue, _args, ctx) => ctx.loaders.pinned.load(issue.id),
  assignees: async (issue, args, ctx) => listConnection(await ctx.loaders.assignees.load(issue.id), args, 'assignees'),
  comments: async (issue, args, ctx) => {
    const window = twoWayWindow(args, 'comments');
    // No rows asked (a `totalCount`-only selection): the issue's count, kept in step with its comments, needs no read.
    if (window.first === 0) return connection([], issue.comments, window);
    const orderBy = args.orderBy ? { field: args.orderBy.field, direction: args.orderBy.direction } : null;
    const page = await ctx.loaders.commentPage.load({ repositoryId: issue.id, page: { window, orderBy } });
    return connection(page.rows, page.total, pageAt(window, page.rows.length, page.total));
  },
  labels: async (issue, args, ctx) => listConnection(await ctx.loaders.labelsOfIssue.load(issue.id), args, 'labels'),
  milestone: (issue, _args, ctx) =>
    issue.milestone_id === null ? null : ctx.loaders.milestoneById.load(issue.milestone_id),
};

export const IssueComment: IssueCommentResolvers = {
  id: (comment) => encodeNodeId('IssueComment', comment.id),
  databaseId: (comment) => comment.id,
  body: (comment) => comment.body,
  author: (comment, _args, ctx) => author(comment.user_id, ctx),
  authorAssociation: (comment) => comment.author_association,
  // Only an edit of its body moves a comment's updated_at (reactions have their own rows).
  includesCreatedEdit: (comment) => comment.updated_at.getTime() > comment.created_at.getTime(),
  // Nothing is ever minimized here (no minimizeComment).
  isMinimized: () => false,
  minimizedReason: () => null,
  viewerDidAuthor: (comment, _args, ctx) => comment.user_id !== null && comment.user_id === ctx.access.viewerId,
  createdAt: (comment) => isoSeconds(comment.created_at),
  updatedAt: (comment) => isoSeconds(comment.updated_at),
  issue: async (comment, _args, ctx) => {
    const issue = await ctx.loaders.issueById.load(comment.issue_id);
    if (!issue) throw new Error(`comment ${comment.id} of a missing issue`);
    return issue;
  },
  repository: (comment, _args, ctx) => repositoryOf(ctx, comment.repository_id),
  resourcePath: (comment, _args, ctx) => commentPath(comment, ctx),
  url: async (comment, _args, ctx) => ctx.services.urls.html(await commentPath(comment, ctx)),
};

type IssuesArgs = Partial<RepositoryIssuesArgs>;

/** The page request of `Repository.issues`: `states` and `filterBy.states` both narrow; GitHub's default order is oldest first. */
export function issuePageRequest(args: IssuesArgs): IssuePageRequest {
  const filter = args.filterBy ?? {};
  let states: ('open' | 'closed')[] = ['closed', 'open'];
  for (const wanted of [args.states, filter.states]) {
    if (wanted?.length) states = states.filter((state) => wanted.includes(state === 'open' ? 'OPEN' : 'CLOSED'));
  }
  if (filter.since != null && Number.isNaN(Date.parse(filter.since))) {
    throw githubError(
      'INVALID_ARGUMENTS',
      `Argument 'since' on InputObject 'IssueFilters' has an invalid value (${JSON.stringify(filter.since)}).`,
    );
  }
  return {
    window: twoWayWindow(args, 'issues'),
    states,
    orderBy: args.orderBy?.field ?? 'CREATED_AT',
    direction: args.orderBy?.direction ?? 'ASC',
    // `assignee: null` asks for issues nobody is assigned to; leaving it out asks for no filter.
    assignee: 'assignee' in filter ? filter.assignee : undefined,
    createdBy: filter.createdBy ?? undefined,
    mentioned: filter.mentioned ?? undefined,
    since: filter.since ?? undefined,
    // GitHub's `labels` and `filterBy.labels`: an issue with any of the names.
    labels: args.labels?.length || filter.labels?.length ? [...(args.labels ?? []), ...(filter.labels ?? [])] : null,
  };
}

/** Repository's fields for its issues (spread into the Repository resolvers). */
export const repositoryIssueFields: Pick<RepositoryResolvers, 'issue' | 'issues'> = {
  issue: async (repo, { number }, ctx) => {
    const issue = await ctx.loaders.issueByNumber.load({ repositoryId: repo.id, number });
    if (issue === null) throw notFoundError(`Could not resolve to an Issue with the number of ${number}.`);
    return issue;
  },
  issues: (repo, args, ctx) => issueConnection(ctx, 'issuePage', repo.id, args),
};

/** A page of issues of one parent (a repository, or an author across repositories), by `Repository.issues`' arguments. */
export async function issueConnection(
  ctx: GraphqlContext,
  loader: 'issuePage' | 'authoredIssuePage',
  parentId: number,
  args: IssuesArgs,
) {
  const request = issuePageRequest(args);
  const page = await ctx.loaders[loader].load({ repositoryId: parentId, page: request });
  return connection(page.rows, page.total, pageAt(request.window, page.rows.length, page.total));
}

/** An issue or comment by node ID, when the caller may see its repository. */
export async function loadIssueOrComment(
  ctx: GraphqlContext,
  type: 'Issue' | 'IssueComment',
  id: number,
): Promise<IssueModel | CommentModel | null> {
  const row = type === 'Issue' ? await ctx.loaders.issueById.load(id) : await ctx.loaders.commentById.load(id);
  if (!row) return null;
  const repo = await ctx.loaders.repositoryById.load(row.repository_id);
  return repo !== null && (await ctx.access.seesRepository(repo)) ? row : null;
}
