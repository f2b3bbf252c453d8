// Which fields a cached response may contain: opt-in, by schema coordinate
// (the parent type as the document names it, then the field). A query is
// cacheable only when every field in its document is listed here, so a field
// added to the schema is uncacheable until someone checks what it reads.
//
// A field belongs here when everything its resolver reads is covered by the
// generations of issue_list_generations (migration 018: issues, assignees,
// comments, labels, issue labels, milestones, reactions, collaborators and
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
import { getNamedType, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';

const CONNECTION = ['totalCount', 'nodes', 'edges', 'pageInfo'];
const EDGE = ['cursor', 'node'];

const FIELDS: Record<string, string[]> = {
  Query: ['repository'],
  Repository: [
    'id', 'databaseId', 'name', 'nameWithOwner', 'isPrivate', 'description', 'url', 'owner', 'createdAt', 'updatedAt',
    'label', 'labels', 'milestone', 'milestones', 'issue', 'issues',
  ],
  // Accounts: id and login only (login, kind: the global generation; the id never changes).
  RepositoryOwner: ['id', 'login', 'url'],
  Actor: ['login', 'url'],
  User: ['id', 'databaseId', 'login', 'url'],
  Organization: ['id', 'databaseId', 'login', 'url'],
  Issue: [
    'id', 'databaseId', 'number', 'title', 'body', 'state', 'stateReason', 'closed', 'closedAt', 'createdAt', 'updatedAt',
    'locked', 'activeLockReason', 'author', 'resourcePath', 'url', 'assignees', 'comments', 'labels', 'milestone',
  ],
  IssueComment: ['id', 'databaseId', 'body', 'author', 'createdAt', 'updatedAt', 'issue', 'resourcePath', 'url'],
  Label: ['id', 'name', 'color', 'description', 'isDefault', 'createdAt', 'updatedAt', 'resourcePath', 'url'],
  Milestone: [
    'id', 'number', 'title', 'description', 'state', 'closed', 'closedAt', 'dueOn', 'createdAt', 'updatedAt',
    'progressPercentage', 'resourcePath', 'url',
  ],
  IssueConnection: CONNECTION, IssueEdge: EDGE,
  IssueCommentConnection: CONNECTION, IssueCommentEdge: EDGE,
  LabelConnection: CONNECTION, LabelEdge: EDGE,
  MilestoneConnection: CONNECTION, MilestoneEdge: EDGE,
  UserConnection: CONNECTION, UserEdge: EDGE,
  PageInfo: ['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'],
};

export const CACHEABLE_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(FIELDS).flatMap(([type, fields]) => fields.map((field) => `${type}.${field}`)),
);

/** Per parsed document (yoga keeps one DocumentNode per query text): checked once. */
const checked = new WeakMap<DocumentNode, boolean>();

/**
 * Whether every field the document selects, in every operation and fragment
 * (used or not: simpler than following `@include` and spreads, and only ever
 * stricter), is a cacheable one. `__typename` is always.
 */
export function onlyCacheableFields(schema: GraphQLSchema, document: DocumentNode, allowed: ReadonlySet<string> = CACHEABLE_FIELDS): boolean {
  const known = allowed === CACHEABLE_FIELDS ? checked.get(document) : undefined;
  if (known !== undefined) return known;
  let ok = true;
  const typeInfo = new TypeInfo(schema);
  visit(document, visitWithTypeInfo(typeInfo, {
    Field(node) {
      if (node.name.value === '__typename') return;
      const parent = typeInfo.getParentType();
      if (!parent || !allowed.has(`${getNamedType(parent).name}.${node.name.value}`)) ok = false;
    },
  }));
  if (allowed === CACHEABLE_FIELDS) checked.set(document, ok);
  return ok;
}
