// The GraphQL mock's data: the account and repository openapi.yaml's REST
// examples describe (octocat, id 1; octocat/Hello-World, id 1296269), with the
// server's own node IDs (`U_…`, `O_…`, `R_…`) and ref ids, so what a client
// reads over GraphQL matches what the REST mock serves, and an ID read from
// one resolves with the other.
import { refId } from '../../server/graphql/resolvers/refs.js';
import { encodeGitObjectNodeId, type GitObjectNodeType } from '../../server/ids/git-object-node-id.js';
import { decodeNodeId, encodeNodeId } from '../../server/ids/node-id.js';

/** The host of openapi.yaml's `servers` entry and of every URL in its examples. */
const BASE = 'http://127.0.0.1:3000';
const BRANCH_PREFIX = 'refs/heads/';

export const OCTOCAT_ID = 1;
export const HELLO_WORLD_ID = 1296269;
const ORG_ID = 2;

type Fields = Record<string, unknown> & { __typename: string };

export function user(databaseId = OCTOCAT_ID, login = 'octocat'): Fields {
  return {
    __typename: 'User',
    id: encodeNodeId('User', databaseId),
    databaseId,
    login,
    name: 'The Octocat',
    url: `${BASE}/${login}`,
  };
}

export function organization(databaseId = ORG_ID, login = 'wharf-org'): Fields {
  return {
    __typename: 'Organization',
    id: encodeNodeId('Organization', databaseId),
    databaseId,
    login,
    name: 'Wharf Org',
    url: `${BASE}/${login}`,
  };
}

/** The head commit of openapi.yaml's examples (`6dcb09b…`), the object every ref and expression names here. */
export const HEAD_SHA = '6dcb09b5b57875f334f61aebed695e2e4193db5e';

export function ref(repositoryId = HELLO_WORLD_ID, name = 'main'): Fields {
  return {
    __typename: 'Ref',
    id: refId(repositoryId, BRANCH_PREFIX + name),
    name,
    prefix: BRANCH_PREFIX,
    target: gitObject('Commit', repositoryId, HEAD_SHA),
  };
}

const actor = { name: 'Monalisa Octocat', email: 'support@github.com', date: '2011-04-14T16:00:49Z', user: null };

/** A git object of the given type with the server's node ID (payload version 2) and URLs. */
export function gitObject(type: GitObjectNodeType, repositoryId = HELLO_WORLD_ID, oid = HEAD_SHA): Fields {
  const url = `${BASE}/octocat/Hello-World/commit/${oid}`;
  const common = {
    __typename: type,
    id: encodeGitObjectNodeId(type, repositoryId, oid),
    oid,
    abbreviatedOid: oid.slice(0, 7),
    commitUrl: url,
    commitResourcePath: `/octocat/Hello-World/commit/${oid}`,
  };
  switch (type) {
    case 'Commit':
      return {
        ...common,
        message: 'Fix all the bugs',
        messageHeadline: 'Fix all the bugs',
        messageBody: '',
        url,
        resourcePath: common.commitResourcePath,
        committedDate: '2011-04-14T16:00:49Z',
        authoredDate: '2011-04-14T16:00:49Z',
        author: actor,
        committer: actor,
        authoredByCommitter: true,
      };
    case 'Blob':
      return { ...common, text: '# Hello World\n', byteSize: 14, isBinary: false, isTruncated: false };
    case 'Tag':
      return {
        ...common,
        name: 'v1.0',
        message: 'Release 1.0',
        tagger: actor,
        target: gitObject('Commit', repositoryId, oid),
      };
    case 'Tree':
      return {
        ...common,
        entries: [{ name: 'README.md', path: 'README.md', type: 'blob', mode: 33188, oid, extension: '.md', size: 14 }],
      };
  }
}

export function repository(owner = 'octocat', name = 'Hello-World', databaseId = HELLO_WORLD_ID): Fields {
  return {
    __typename: 'Repository',
    id: encodeNodeId('Repository', databaseId),
    databaseId,
    name,
    nameWithOwner: `${owner}/${name}`,
    isPrivate: false,
    description: 'This your first repo!',
    url: `${BASE}/${owner}/${name}`,
    owner: user(OCTOCAT_ID, owner),
    defaultBranchRef: ref(databaseId),
    createdAt: '2011-01-26T19:01:12Z',
    updatedAt: '2011-01-26T19:14:43Z',
  };
}

/**
 * The object behind a node ID, or null where the server finds none whatever
 * is stored: an ID that does not decode, or of a kind the schema does not
 * serve. Any other ID names an object (the mock has every id).
 */
export function nodeFor(id: string): Fields | null {
  const decoded = decodeNodeId(id);
  switch (decoded?.type) {
    case 'User':
      return user(decoded.id);
    case 'Organization':
      return organization(decoded.id);
    case 'Repository':
      return repository('octocat', 'Hello-World', decoded.id);
    case 'Commit':
    case 'Tree':
    case 'Blob':
    case 'Tag':
      return decoded.oid === undefined ? null : gitObject(decoded.type, decoded.id, decoded.oid);
    default:
      return null;
  }
}
