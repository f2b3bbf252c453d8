// node_id of git objects in REST bodies: the same IDs GraphQL's `Commit.id`,
// `Blob.id` and `Tag.id` answer (server/ids/git-object-node-id.ts: the
// repository id and the object id, no database row), so an ID read from a
// REST body resolves with `node(id:)`.
import { encodeGitObjectNodeId } from '../ids/git-object-node-id.js';

export { commitNodeId } from '../ids/commit-node-id.js';

export function blobNodeId(repositoryId: number, sha: string): string {
  return encodeGitObjectNodeId('Blob', repositoryId, sha.toLowerCase());
}

export function tagNodeId(repositoryId: number, sha: string): string {
  return encodeGitObjectNodeId('Tag', repositoryId, sha.toLowerCase());
}
