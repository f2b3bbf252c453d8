// node_id of git objects in REST bodies. Objects have no database row: the
// id carries the repository id and the object name. Commits use the `CO_`
// prefix of node-kinds.ts with the payload the GraphQL work defines for them
// (format version 2: kind code, repository id as a varint, the 20 raw bytes
// of the sha); blobs and tags, which no GraphQL query resolves by id yet, are
// opaque like refs' ids (ref-view.ts).
import { writeVarint } from '../ids/varint.js';

const COMMIT_KIND = 15;

export function commitNodeId(repositoryId: number, sha: string): string {
  const payload = Buffer.from([2, COMMIT_KIND, ...writeVarint(BigInt(repositoryId)), ...Buffer.from(sha, 'hex')]);
  return 'CO_' + payload.toString('base64url');
}

export function blobNodeId(repositoryId: number, sha: string): string {
  return 'BL_' + Buffer.from(`${repositoryId}:${sha}`).toString('base64url');
}

export function tagNodeId(repositoryId: number, sha: string): string {
  return 'TA_' + Buffer.from(`${repositoryId}:${sha}`).toString('base64url');
}
