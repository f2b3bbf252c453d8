// A commit's node_id in REST bodies. A commit has no database row, so this is
// GitHub's legacy form, base64 of `06:Commit<repository id>:<sha>`; the
// GraphQL work adds a `CO_` codec, and this one function is where REST
// switches to it.
export function commitNodeId(repositoryId: number, sha: string): string {
  return Buffer.from(`06:Commit${repositoryId}:${sha}`, 'utf8').toString('base64');
}
