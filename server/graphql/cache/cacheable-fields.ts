// Which fields a cached response may contain: opt-in, by schema coordinate
// (the parent type as the document names it, then the field). A query is
// cacheable only when every field in its document is listed here, so a field
// added to the schema is uncacheable until someone checks what it reads.
//
// A field belongs here when everything its resolver reads is covered by the
// generations of issue_list_generations (migration 018: issues, assignees,
// comments, labels, issue labels, milestones, reactions, collaborators, pull requests (020), reviews,
// review threads and review comments (023) and
// repository renames bump the repository's; account login/kind/site_admin,
// account deletion and organization members bump the global one), or by the
// repository row, which a hit looks up again and compares whole (repository
// fields: serve-cached.ts). Repositories are reached only through
// `Query.repository`, which records what it looked up: `Issue.repository` and
// the like (a repository reached another way) are left out on purpose.
//
// Left out as well: git data (refs, objects), pins (issue_pins has no
// trigger), account fields other than login (name, email: no trigger),
// `viewer`, `node`/`nodes`, `rateLimit` (it reads the meter), introspection.
//
// The walk reads the AST and the schema's own objects only, without
// graphql-js's helpers (TypeInfo, visit, instanceof checks): a test runner
// may load a second copy of graphql for our imports (errors.ts).
import type {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';

const CONNECTION = ['totalCount', 'nodes', 'edges', 'pageInfo'];
const EDGE = ['cursor', 'node'];

const FIELDS: Record<string, string[]> = {
  Query: ['repository'],
  Repository: [
    'id',
    'databaseId',
    'name',
    'nameWithOwner',
    'isPrivate',
    'description',
    'url',
    'owner',
    'createdAt',
    'updatedAt',
    'label',
    'labels',
    'milestone',
    'milestones',
    'issue',
    'issues',
    'pullRequest',
    'pullRequests',
    'issueOrPullRequest',
  ],
  // Accounts: id and login only (login, kind: the global generation; the id never changes).
  RepositoryOwner: ['id', 'login', 'url'],
  Actor: ['login', 'url'],
  User: ['id', 'databaseId', 'login', 'url'],
  Organization: ['id', 'databaseId', 'login', 'url'],
  Issue: [
    'id',
    'databaseId',
    'number',
    'title',
    'body',
    'state',
    'stateReason',
    'closed',
    'closedAt',
    'createdAt',
    'updatedAt',
    'locked',
    'activeLockReason',
    'author',
    'resourcePath',
    'url',
    'assignees',
    'comments',
    'labels',
    'milestone',
  ],
  // A pull request's own columns (pull_requests has the trigger too, migration 020; a push that moves a head
  // updates its row). Left out: what reads git (headRef, baseRef, mergeCommit, commits, files) and the
  // head and base repositories (repositories reached other than through `Query.repository`).
  PullRequest: [
    'id',
    'databaseId',
    'number',
    'title',
    'body',
    'state',
    'isDraft',
    'closed',
    'closedAt',
    'createdAt',
    'updatedAt',
    'locked',
    'activeLockReason',
    'author',
    'resourcePath',
    'url',
    'permalink',
    'merged',
    'mergedAt',
    'mergedBy',
    'headRefName',
    'headRefOid',
    'baseRefName',
    'baseRefOid',
    'additions',
    'deletions',
    'changedFiles',
    'maintainerCanModify',
    'isCrossRepository',
    'totalCommentsCount',
    'assignees',
    'comments',
    'labels',
    'milestone',
    'reviews',
    'latestReviews',
    'reviewThreads',
    'reviewDecision',
  ],
  // Reviews, their threads and comments (migration 023 puts the trigger on all three tables; a push that
  // re-maps threads updates their rows). Left out: commits (git), the pull request and repository reached
  // from them (reached other than through `Query.repository`), and the viewer* fields.
  PullRequestReview: [
    'id',
    'databaseId',
    'author',
    'authorAssociation',
    'body',
    'comments',
    'createdAt',
    'publishedAt',
    'resourcePath',
    'state',
    'submittedAt',
    'updatedAt',
    'url',
  ],
  PullRequestReviewComment: [
    'id',
    'databaseId',
    'author',
    'authorAssociation',
    'body',
    'createdAt',
    'diffHunk',
    'draftedAt',
    'line',
    'originalLine',
    'originalPosition',
    'originalStartLine',
    'outdated',
    'path',
    'position',
    'publishedAt',
    'pullRequestReview',
    'replyTo',
    'resourcePath',
    'startLine',
    'state',
    'subjectType',
    'updatedAt',
    'url',
  ],
  PullRequestReviewThread: [
    'id',
    'comments',
    'diffSide',
    'isCollapsed',
    'isOutdated',
    'isResolved',
    'line',
    'originalLine',
    'originalStartLine',
    'path',
    'resolvedBy',
    'startDiffSide',
    'startLine',
    'subjectType',
  ],
  IssueComment: ['id', 'databaseId', 'body', 'author', 'createdAt', 'updatedAt', 'issue', 'resourcePath', 'url'],
  Label: ['id', 'name', 'color', 'description', 'isDefault', 'createdAt', 'updatedAt', 'resourcePath', 'url'],
  Milestone: [
    'id',
    'number',
    'title',
    'description',
    'state',
    'closed',
    'closedAt',
    'dueOn',
    'createdAt',
    'updatedAt',
    'progressPercentage',
    'resourcePath',
    'url',
  ],
  IssueConnection: CONNECTION,
  IssueEdge: EDGE,
  PullRequestConnection: CONNECTION,
  PullRequestEdge: EDGE,
  IssueCommentConnection: CONNECTION,
  IssueCommentEdge: EDGE,
  LabelConnection: CONNECTION,
  LabelEdge: EDGE,
  MilestoneConnection: CONNECTION,
  MilestoneEdge: EDGE,
  UserConnection: CONNECTION,
  UserEdge: EDGE,
  PullRequestReviewConnection: CONNECTION,
  PullRequestReviewEdge: EDGE,
  PullRequestReviewCommentConnection: CONNECTION,
  PullRequestReviewCommentEdge: EDGE,
  PullRequestReviewThreadConnection: CONNECTION,
  PullRequestReviewThreadEdge: EDGE,
  PageInfo: ['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'],
};

export const CACHEABLE_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(FIELDS).flatMap(([type, fields]) => fields.map((field) => `${type}.${field}`)),
);

/** Per parsed document and operation (yoga keeps one DocumentNode per query text): checked once. */
const checked = new WeakMap<DocumentNode, Map<string, boolean>>();

interface SchemaType {
  name: string;
  getFields?: () => Record<string, { type: unknown }>;
}

/** The named type under lists and non-nulls. */
function namedType(type: unknown): SchemaType {
  let current = type as { ofType?: unknown };
  while (current.ofType) current = current.ofType as { ofType?: unknown };
  return current as unknown as SchemaType;
}

/** The operation a call runs: the one named, or the only one; undefined when there is none such. */
export function selectedOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (operationName) return operations.find((o) => o.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * Whether the operation is a query and every field it selects, through
 * inline fragments and fragment spreads, is a cacheable one (`__typename`
 * always is). Run on a valid document (at the start of execution).
 */
export function cacheableQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  allowed: ReadonlySet<string> = CACHEABLE_FIELDS,
): boolean {
  const memo =
    allowed === CACHEABLE_FIELDS
      ? (checked.get(document) ?? checked.set(document, new Map()).get(document)!)
      : undefined;
  const known = memo?.get(operationName ?? '');
  if (known !== undefined) return known;
  const operation = selectedOperation(document, operationName);
  const queryType = schema.getQueryType() as SchemaType | null | undefined;
  let ok = operation?.operation === 'query' && queryType != null;
  if (ok) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d);
    const seen = new Set<string>();
    const walk = (set: SelectionSetNode, parent: SchemaType): boolean =>
      set.selections.every((selection) => {
        if (selection.kind === 'Field') {
          const name = selection.name.value;
          if (name === '__typename') return true;
          const field = parent.getFields?.()[name];
          if (!field || !allowed.has(`${parent.name}.${name}`)) return false;
          return !selection.selectionSet || walk(selection.selectionSet, namedType(field.type));
        }
        const fragment = selection.kind === 'FragmentSpread' ? fragments.get(selection.name.value) : selection;
        if (!fragment) return false;
        const on = fragment.typeCondition
          ? (schema.getType(fragment.typeCondition.name.value) as SchemaType | undefined)
          : parent;
        if (!on) return false;
        // A spread met again under the same type was (or is being) checked already.
        const once = selection.kind === 'FragmentSpread' ? `${selection.name.value} ${on.name}` : undefined;
        if (once !== undefined) {
          if (seen.has(once)) return true;
          seen.add(once);
        }
        return walk(fragment.selectionSet, on);
      });
    ok = walk(operation!.selectionSet, queryType!);
  }
  memo?.set(operationName ?? '', ok);
  return ok;
}
