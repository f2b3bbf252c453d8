// The Node interface: `node(id)` and `nodes(ids)` over both node-ID forms
// (prefixed and legacy; decodeNodeId accepts either and never throws).
import { decodeNodeId } from '../ids/node-id.js';
import { decodeAllowanceNodeId } from '../ids/allowance-node-id.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { LabelRow } from '../labels/labels-store.js';
import type { MilestoneRow } from '../milestones/milestones-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { GraphqlContext } from './core/context.js';
import { githubError, nodeNotFound } from './core/errors.js';
import type { NodeResolvers, QueryResolvers } from './generated/resolvers-types.js';
import type { GitObjectModel } from './git/models.js';
import { actorType } from './resolvers/account.js';
import { GRAPHQL_TYPES, objectByOid } from './resolvers/git-object.js';
import { loadLabelOrMilestone } from './resolvers/label-milestone.js';
import type { CommentModel, IssueModel } from './issues/issue-models.js';
import { loadIssueOrComment } from './issues/issue-resolvers.js';
import type { ReactionModel } from './reactions/reaction-models.js';
import { reactionSubject } from './reactions/reaction-resolvers.js';
import { isPull, type PullModel } from './pulls/pull-models.js';
import { isReviewNode, type ReviewNodeModel } from './reviews/review-models.js';
import { isCheckNode, type CheckRunModel, type CheckSuiteModel } from './checks/check-models.js';
import { loadCheckNode } from './checks/check-resolvers.js';
import { isStatusContext, type StatusContextModel } from './statuses/status-models.js';
import { loadStatusContext } from './statuses/status-resolvers.js';
import { loadRelease } from './releases/release-resolvers.js';
import { isRelease, isReleaseAsset, type ReleaseAssetModel, type ReleaseModel } from './releases/release-models.js';
import { loadReleaseAsset } from './releases/release-asset-resolvers.js';
import { loadPin } from './repository/pinned-issues.js';
import type { PinModel } from './repository/repository-models.js';
import { eventType, isTimelineEvent } from './issues/timeline-models.js';
import { isGist, isGistComment, type GistCommentModel, type GistModel } from './gists/gist-models.js';
import { loadGist } from './gists/gist-resolvers.js';
import { loadGistComment } from './gists/gist-comment-resolvers.js';
import type { ProtectionRow } from '../branch-protection/protections-store.js';
import type { TeamRow } from '../teams/team-row.js';
import { loadRule } from './branch-protection/rule-access.js';
import { allowanceIn, type AllowanceModel } from './branch-protection/allowance-models.js';
import { isTeam } from './teams/team-models.js';
import { loadTeam } from './teams/team-visibility.js';

/** GitHub's cap on `nodes(ids:)`. */
export const MAX_NODE_IDS = 100;

type NodeModel =
  | AccountRow
  | RepositoryRow
  | GitObjectModel
  | LabelRow
  | MilestoneRow
  | IssueModel
  | CommentModel
  | ReactionModel
  | PullModel
  | ReviewNodeModel
  | CheckRunModel
  | CheckSuiteModel
  | PinModel
  | StatusContextModel
  | ReleaseModel
  | ReleaseAssetModel
  | GistModel
  | GistCommentModel
  | ProtectionRow
  | AllowanceModel
  | TeamRow;

/** The object behind a node ID, or null when it is malformed, missing, of an unserved kind or invisible. */
export async function loadNode(ctx: GraphqlContext, id: string): Promise<NodeModel | null> {
  const decoded = decodeNodeId(id);
  if (decoded === null) return loadAllowance(ctx, id);
  if (decoded.oid !== undefined) {
    // A git object: its repository must be visible and still hold an object of that type.
    const repo = await ctx.loaders.repositoryById.load(decoded.id);
    if (repo === null || !(await ctx.access.seesRepository(repo))) return null;
    const object = await objectByOid(ctx, repo, decoded.oid);
    return object !== null && GRAPHQL_TYPES[object.type] === decoded.type ? object : null;
  }
  switch (decoded.type) {
    case 'User':
    case 'Organization':
    case 'Bot': {
      const account = await ctx.loaders.accountById.load(decoded.id);
      // One id space for all kinds: a U_ id must not reach an organization (nor a bot).
      return account !== null && account.kind === decoded.type ? account : null;
    }
    case 'Repository': {
      const repo = await ctx.loaders.repositoryById.load(decoded.id);
      return repo !== null && (await ctx.access.seesRepository(repo)) ? repo : null;
    }
    case 'Label':
    case 'Milestone':
      return loadLabelOrMilestone(ctx, decoded.type, decoded.id);
    case 'Issue':
    case 'IssueComment':
      return loadIssueOrComment(ctx, decoded.type, decoded.id);
    case 'PullRequest': {
      const pull = await ctx.loaders.pullById.load(decoded.id);
      const repo = pull === null ? null : await ctx.loaders.repositoryById.load(pull.repository_id);
      return repo !== null && (await ctx.access.seesRepository(repo)) ? pull : null;
    }
    case 'Reaction': {
      // A removed reaction's row is gone: its ID resolves to nothing, as GitHub's.
      const reaction = await ctx.loaders.reactionById.load(decoded.id);
      const repo = reaction === null ? null : await ctx.loaders.repositoryById.load(reaction.repository_id);
      if (repo === null || !(await ctx.access.seesRepository(repo))) return null;
      // A draft release's reactions are seen by those who see the draft; a pending review's (or its comment's), by its author.
      return (await reactionSubject(ctx, reaction!)) === null ? null : reaction;
    }
    case 'PullRequestReview':
    case 'PullRequestReviewComment':
    case 'PullRequestReviewThread': {
      // The loaders leave out another person's pending review and its comments and threads.
      const loader = {
        PullRequestReview: ctx.loaders.reviewById,
        PullRequestReviewComment: ctx.loaders.reviewCommentById,
        PullRequestReviewThread: ctx.loaders.reviewThreadById,
      }[decoded.type];
      const row: ReviewNodeModel | null = await loader.load(decoded.id);
      const repo = row === null ? null : await ctx.loaders.repositoryById.load(row.repository_id);
      return repo !== null && (await ctx.access.seesRepository(repo)) ? row : null;
    }
    case 'CheckRun':
    case 'CheckSuite':
      return loadCheckNode(ctx, decoded.type, decoded.id);
    case 'StatusContext':
      return loadStatusContext(ctx, decoded.id);
    case 'Release':
      return loadRelease(ctx, decoded.id);
    case 'ReleaseAsset':
      return loadReleaseAsset(ctx, decoded.id);
    case 'PinnedIssue':
      return loadPin(ctx, decoded.id);
    case 'Gist':
      return loadGist(ctx, decoded.id);
    case 'GistComment':
      return loadGistComment(ctx, decoded.id);
    case 'Team':
      return loadTeam(ctx, decoded.id);
    case 'BranchProtectionRule':
      return (await loadRule(ctx, decoded.id))?.rule ?? null;
    default:
      return null; // kinds the schema does not serve yet
  }
}

/** A rule's allowance (its own payload version, ids/allowance-node-id.ts): seen by whoever reads the rule, while the rule lists the actor. */
async function loadAllowance(ctx: GraphqlContext, id: string): Promise<AllowanceModel | null> {
  const decoded = decodeAllowanceNodeId(id);
  const found = decoded === null ? null : await loadRule(ctx, decoded.ruleId);
  return found === null ? null : allowanceIn(found.rule, decoded!.type, decoded!.actor);
}

export const Node: NodeResolvers = {
  __resolveType: (node) => {
    if ('rule' in node && 'actor' in node) return node.type;
    if ('oid' in node) return GRAPHQL_TYPES[node.type];
    if (isTeam(node)) return 'Team';
    if ('enforce_admins' in node) return 'BranchProtectionRule';
    if (isGist(node)) return 'Gist';
    if (isGistComment(node)) return 'GistComment';
    if ('kind' in node) return actorType(node);
    if ('color' in node) return 'Label';
    if (isStatusContext(node)) return 'StatusContext';
    if (isRelease(node)) return 'Release';
    if (isReleaseAsset(node)) return 'ReleaseAsset';
    if ('content' in node) return 'Reaction';
    // Before the reviews' mark: theirs is any `node_type`.
    if (isCheckNode(node)) return node.check_kind;
    // Before IssueComment's mark, as review rows: an issue's timeline events carry `issue_id` too.
    if (isTimelineEvent(node)) return eventType(node);
    // Before IssueComment's mark: review rows carry `issue_id` too.
    if (isReviewNode(node)) return node.node_type;
    if ('pinned_by_id' in node) return 'PinnedIssue';
    if ('issue_id' in node) return 'IssueComment';
    if (isPull(node)) return 'PullRequest';
    if ('locked' in node) return 'Issue';
    if ('title' in node) return 'Milestone';
    return 'Repository';
  },
};

export const nodeQuery: NonNullable<QueryResolvers['node']> = async (_parent, { id }, ctx) => {
  const node = await loadNode(ctx, id);
  if (node === null) throw nodeNotFound(id);
  return node;
};

export const nodesQuery: NonNullable<QueryResolvers['nodes']> = async (_parent, { ids }, ctx) => {
  if (ids.length > MAX_NODE_IDS) {
    throw githubError(
      'ARGUMENT_LIMIT',
      `You may not provide more than ${MAX_NODE_IDS} node ids; you provided ${ids.length}.`,
    );
  }
  return Promise.all(ids.map((id) => loadNode(ctx, id)));
};
