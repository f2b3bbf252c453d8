// Typed `node(id)` / `nodes(ids)`: the objects Wharf's schema can return by
// node ID (schema.graphql's User, Organization, Repository, and the git
// objects Commit, Tree and Blob), each with
// every scalar field selected, discriminated by `__typename`.
import type { GraphqlCall, GraphqlResult } from './graphql.js';

interface AccountNode {
  id: string;
  databaseId: number | null;
  login: string;
  name: string | null;
  url: string;
}
export interface UserNode extends AccountNode {
  __typename: 'User';
}
export interface OrganizationNode extends AccountNode {
  __typename: 'Organization';
}
export interface RepositoryNode {
  __typename: 'Repository';
  id: string;
  databaseId: number | null;
  name: string;
  nameWithOwner: string;
  isPrivate: boolean;
  description: string | null;
  url: string;
  owner: { __typename: 'User' | 'Organization'; id: string; login: string; url: string };
  defaultBranchRef: { id: string; name: string; prefix: string } | null;
  createdAt: string;
  updatedAt: string;
}
interface GitObjectNode {
  id: string;
  oid: string;
  abbreviatedOid: string;
  commitUrl: string;
}
export interface CommitNode extends GitObjectNode {
  __typename: 'Commit';
  message: string;
  messageHeadline: string;
  messageBody: string;
  committedDate: string;
  authoredDate: string;
  url: string;
}
export interface TreeNode extends GitObjectNode {
  __typename: 'Tree';
}
export interface BlobNode extends GitObjectNode {
  __typename: 'Blob';
  byteSize: number;
  isBinary: boolean | null;
  isTruncated: boolean;
  text: string | null;
}
export type WharfNode = UserNode | OrganizationNode | RepositoryNode | CommitNode | TreeNode | BlobNode;

const FIELDS = `
  __typename
  id
  ... on User { databaseId login accountName: name url }
  ... on Organization { databaseId login accountName: name url }
  ... on Repository {
    databaseId name nameWithOwner isPrivate description url createdAt updatedAt
    owner { __typename id login url }
    defaultBranchRef { id name prefix }
  }
  ... on Commit { oid abbreviatedOid commitUrl message messageHeadline messageBody committedDate authoredDate url }
  ... on Tree { oid abbreviatedOid commitUrl }
  ... on Blob { oid abbreviatedOid commitUrl byteSize isBinary isTruncated text }`;

// An account's `name` is nullable and a repository's is not, so GraphQL
// forbids selecting both as `name`; accounts fetch it as `accountName`.
type Fetched =
  | Exclude<WharfNode, AccountNode>
  | (Omit<UserNode | OrganizationNode, 'name'> & { accountName: string | null });

function normalize(fetched: Fetched | null): WharfNode | null {
  if (fetched === null || !('accountName' in fetched)) return fetched;
  const { accountName, ...account } = fetched;
  return { ...account, name: accountName } as WharfNode;
}

const NODE = `query WharfNode($id: ID!) { node(id: $id) { ${FIELDS} } }`;
const NODES = `query WharfNodes($ids: [ID!]!) { nodes(ids: $ids) { ${FIELDS} } }`;

export interface NodeInit {
  signal?: AbortSignal;
}

/** The node, or `data: null` when the ID does not resolve or is not visible. */
export async function node(
  graphql: GraphqlCall,
  id: string,
  init?: NodeInit,
): Promise<GraphqlResult<WharfNode | null>> {
  const { data, ...rest } = await graphql<{ node: Fetched | null }>(NODE, { id }, init);
  return data ? { ...rest, data: normalize(data.node) } : rest;
}

/** In the order given (at most 100); null for an ID that does not resolve or is not visible. */
export async function nodes(
  graphql: GraphqlCall,
  ids: readonly string[],
  init?: NodeInit,
): Promise<GraphqlResult<(WharfNode | null)[]>> {
  const { data, ...rest } = await graphql<{ nodes: (Fetched | null)[] }>(NODES, { ids }, init);
  return data ? { ...rest, data: data.nodes.map(normalize) } : rest;
}
