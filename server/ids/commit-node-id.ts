// The REST `node_id` of a commit (commit bodies, GitHub's `node_id` beside
// `sha`): the same `CO_` ID GraphQL's `Commit.id` answers, so an ID read from
// one resolves with the other (`node(id:)`). Same signature as the legacy
// writer in server/commits/commit-node-id.ts, which this replaces.
import { encodeGitObjectNodeId } from './git-object-node-id.js';

export function commitNodeId(repoId: number, sha: string): string {
  return encodeGitObjectNodeId('Commit', repoId, sha.toLowerCase());
}
