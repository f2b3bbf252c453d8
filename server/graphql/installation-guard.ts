// An installation token reads through GraphQL only the kinds of data its app
// permissions open (access/data-kinds.ts), as REST's operations require: with
// `metadata` alone, `repository { name }` answers but `repository { issues }`,
// `node(id:)` of a pull request or `object(expression:)` of a blob is
// GitHub's FORBIDDEN "Resource not accessible by integration", at the field
// that reached the data.
//
// The check sits on every field whose type carries repository data (the
// table below), not in each resolver: every way to such an object (a
// repository's connections, node and nodes, search, links between objects,
// mutation payloads) passes through a field of its type, including the ways
// added later. People's calls skip it without an await (the wrapper returns
// the resolver's own result), so it costs them nothing.
//
// A value's repository is its own (`repo`, `repository_id`), else its
// parent's (a connection under a repository or an issue), else the one its
// parent was checked against (an edge under a checked connection); a value
// with none of these is refused, never let through.
import {
  defaultFieldResolver,
  type GraphQLAbstractType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import type { DataKind } from '../access/data-kinds.js';
import type { RepositoryRef } from '../access/installation-policy.js';
import type { GraphqlContext } from './core/context.js';
import { refusedAsUserOnly, USER_ONLY_TYPES } from './user-only-types.js';
import { notAccessibleByIntegration } from './core/errors.js';
import { acrossRepositoriesKind } from './core/across-repositories.js';

type KindOf = DataKind | ((value: Record<string, unknown>, ctx: GraphqlContext) => Promise<DataKind>);

/** A comment on a pull request's conversation is open to either permission; a plain issue's to `issues`. */
const conversationKind = async (issueId: unknown, ctx: GraphqlContext): Promise<DataKind> =>
  typeof issueId === 'number' && (await ctx.loaders.pullById.load(issueId)) !== null
    ? 'issues_or_pull_requests'
    : 'issues';

/** A reaction is its subject's kind of data. */
async function reactionKind(reaction: Record<string, unknown>, ctx: GraphqlContext): Promise<DataKind> {
  if (reaction.release_id != null) return 'contents';
  if (reaction.review_id != null || reaction.review_comment_id != null) return 'pull_requests';
  if (reaction.issue_id != null)
    return (await ctx.loaders.pullById.load(reaction.issue_id as number)) !== null ? 'pull_requests' : 'issues';
  const comment =
    reaction.comment_id == null ? null : await ctx.loaders.commentById.load(reaction.comment_id as number);
  return conversationKind(comment?.issue_id, ctx);
}

const byType = (kind: DataKind, ...types: string[]) => types.map((type) => [type, kind] as const);

/** The object types that carry a repository's data, with their connections and edges. */
const TYPE_KINDS: ReadonlyMap<string, KindOf> = new Map<string, KindOf>([
  ...byType('commit', 'Commit'),
  ...byType(
    'contents',
    'Ref',
    'RefConnection',
    'RefEdge',
    'CommitConnection',
    'CommitHistoryConnection',
    'CommitEdge',
    'Tree',
    'TreeEntry',
    'Blob',
    'Tag',
    'Release',
    'ReleaseConnection',
    'ReleaseEdge',
    'ReleaseAsset',
    'ReleaseAssetConnection',
    'ReleaseAssetEdge',
    'SubmoduleConnection',
    'SubmoduleEdge',
    'Submodule',
    'Blame',
    'BlameRange',
    'PullRequestTemplate',
    'IssueTemplate',
    'ContributingGuidelines',
    'FundingLink',
    'RepositoryContactLink',
    'RepositoryCodeowners',
    'RepositoryCodeownersError',
  ),
  ...byType(
    'issues',
    'Issue',
    'IssueConnection',
    'IssueEdge',
    'PinnedIssue',
    'PinnedIssueConnection',
    'PinnedIssueEdge',
  ),
  ...byType(
    'issues_or_pull_requests',
    'Label',
    'LabelConnection',
    'LabelEdge',
    'Milestone',
    'MilestoneConnection',
    'MilestoneEdge',
    'IssueCommentConnection',
    'IssueCommentEdge',
  ),
  ...byType(
    'pull_requests',
    'PullRequest',
    'PullRequestConnection',
    'PullRequestEdge',
    'PullRequestCommit',
    'PullRequestCommitConnection',
    'PullRequestCommitEdge',
    'PullRequestChangedFile',
    'PullRequestChangedFileConnection',
    'PullRequestChangedFileEdge',
    'PullRequestReview',
    'PullRequestReviewConnection',
    'PullRequestReviewEdge',
    'PullRequestReviewComment',
    'PullRequestReviewCommentConnection',
    'PullRequestReviewCommentEdge',
    'PullRequestReviewThread',
    'PullRequestReviewThreadConnection',
    'PullRequestReviewThreadEdge',
    'ReviewRequest',
    'ReviewRequestConnection',
    'ReviewRequestEdge',
    'PullRequestTimelineItemsConnection',
    'PullRequestTimelineItemsEdge',
    'PullRequestTimelineConnection',
    'PullRequestTimelineItemEdge',
  ),
  ...byType('statuses', 'Status', 'StatusContext'),
  ...byType(
    'checks',
    'CheckRun',
    'CheckRunConnection',
    'CheckRunEdge',
    'CheckSuite',
    'CheckSuiteConnection',
    'CheckSuiteEdge',
    'CheckAnnotation',
    'CheckAnnotationConnection',
    'CheckAnnotationEdge',
  ),
  ...byType(
    'statuses_or_checks',
    'StatusCheckRollup',
    'StatusCheckRollupContextConnection',
    'StatusCheckRollupContextEdge',
  ),
  ...byType('administration', 'BranchProtectionRule', 'BranchProtectionRuleConnection', 'BranchProtectionRuleEdge'),
  ...byType(
    'administration',
    ...['PushAllowance', 'BypassPullRequestAllowance', 'BypassForcePushAllowance', 'ReviewDismissalAllowance'].flatMap(
      (type) => [type, `${type}Connection`, `${type}Edge`],
    ),
  ),
  ['IssueComment', (comment, ctx) => conversationKind(comment.issue_id, ctx)],
  ['Reaction', reactionKind],
]);

/** The repository each value was let through for, per request: its children without one of their own inherit it. */
const passed = new WeakMap<GraphqlContext['loaders'], WeakMap<object, RepositoryRef>>();

// Types are told apart by their tag, not graphql's isObjectType and kin: those
// check `instanceof`, and a test runner may load a second copy of graphql (errors.ts).
const tagOf = (type: unknown) => Object.prototype.toString.call(type);
const isObjectType = (type: unknown): type is GraphQLObjectType => tagOf(type) === '[object GraphQLObjectType]';
const isAbstractType = (type: unknown): type is GraphQLAbstractType =>
  tagOf(type) === '[object GraphQLInterfaceType]' || tagOf(type) === '[object GraphQLUnionType]';

function namedTypeName(type: GraphQLOutputType): string {
  let named: GraphQLOutputType = type;
  while ('ofType' in named) named = named.ofType;
  return named.name;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isRepositoryRef(value: unknown): value is RepositoryRef {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.owner_id === 'number' &&
    typeof value.private === 'boolean'
  );
}

/** The value's own repository: a row that is one, its `repo`, its (pull request's) `repository_id`, or an edge's node's. */
async function ownRepository(value: unknown, ctx: GraphqlContext): Promise<RepositoryRef | null | undefined> {
  if (!isObject(value)) return undefined;
  if (isRepositoryRef(value.repo)) return value.repo;
  if (isObject(value.node) && typeof value.cursor === 'string') return ownRepository(value.node, ctx);
  const id =
    typeof value.repository_id === 'number'
      ? value.repository_id
      : isObject(value.pull)
        ? value.pull.repository_id
        : undefined;
  if (typeof id === 'number') return ctx.loaders.repositoryById.load(id);
  if (isRepositoryRef(value) && 'owner_login' in value) return value;
  return undefined;
}

async function repositoryOf(value: unknown, parent: unknown, ctx: GraphqlContext): Promise<RepositoryRef | null> {
  const own = await ownRepository(value, ctx);
  if (own !== undefined) return own;
  const fromParent = await ownRepository(parent, ctx);
  if (fromParent !== undefined) return fromParent;
  return (isObject(parent) && passed.get(ctx.loaders)?.get(parent)) || null;
}

/** The concrete type of a value of an interface or union (null: not one of its types). */
async function typeNameOf(
  value: unknown,
  typeName: string,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
): Promise<string | null> {
  const type = info.schema.getType(typeName);
  if (!type || !isAbstractType(type)) return typeName;
  const resolved = await type.resolveType?.(value, ctx, info, type);
  return typeof resolved === 'string' ? resolved : null;
}

/** The value if the installation may read it (the policy, through ctx.access), else the FORBIDDEN error (graphql-js answers null and the error at its place). */
async function checked(
  value: unknown,
  parent: unknown,
  typeName: string,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  if (!isObject(value)) return value;
  const across = acrossRepositoriesKind(value);
  if (across !== undefined) return ctx.access.coversKind(across) ? value : notAccessibleByIntegration();
  const concrete = await typeNameOf(value, typeName, ctx, info);
  if (concrete !== null && refusedAsUserOnly(concrete, ctx.principal)) return notAccessibleByIntegration();
  const kindOf = concrete === null ? undefined : TYPE_KINDS.get(concrete);
  if (kindOf === undefined && concrete !== null) return value;
  const kind = typeof kindOf === 'function' ? await kindOf(value, ctx) : kindOf;
  const repo = await repositoryOf(value, parent, ctx);
  if (kind === undefined || repo === null || !ctx.access.readsKind(repo, kind)) return notAccessibleByIntegration();
  let seen = passed.get(ctx.loaders);
  if (!seen) passed.set(ctx.loaders, (seen = new WeakMap()));
  seen.set(value, repo);
  return value;
}

/** The field's result, each list item checked on its own (a refused item is null with its error, as `nodes(ids:)` has it). */
async function guarded(
  result: unknown,
  parent: unknown,
  typeName: string,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
) {
  const value = await result;
  if (Array.isArray(value)) return Promise.all(value.map((item) => checked(item, parent, typeName, ctx, info)));
  const outcome = await checked(value, parent, typeName, ctx, info);
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

/** Whether a field's values may carry repository data: its type is in the table, or an interface or union that may hold one. */
function mayCarryData(schema: GraphQLSchema, typeName: string): boolean {
  if (TYPE_KINDS.has(typeName) || USER_ONLY_TYPES.has(typeName)) return true;
  const type = schema.getType(typeName);
  return (
    type !== undefined &&
    isAbstractType(type) &&
    schema
      .getPossibleTypes(type)
      .some((possible) => TYPE_KINDS.has(possible.name) || USER_ONLY_TYPES.has(possible.name))
  );
}

function guardField(field: GraphQLField<unknown, GraphqlContext>, typeName: string): void {
  const resolve = field.resolve ?? defaultFieldResolver;
  field.resolve = (parent, args, ctx, info) => {
    const result = resolve(parent, args, ctx, info);
    if (!ctx.access.asInstallation) return result;
    return guarded(result, parent, typeName, ctx, info);
  };
}

/** Wraps, in place, every field of the executable schema that may return repository data. */
export function guardInstallationReads(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const typeName = namedTypeName(field.type);
      if (mayCarryData(schema, typeName)) guardField(field as GraphQLField<unknown, GraphqlContext>, typeName);
    }
  }
  return schema;
}
