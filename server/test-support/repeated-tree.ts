// A commit whose tree repeats one subtree: `width` entries at each of `depth`
// levels all naming the tree below, so `depth + 1` objects hold width^depth
// files (20 × 4 levels: 160,000 files, from one blob and four trees). Built
// through the git data API only, as an attacker with push access would, and
// made the head of `branch`. Used by the archive tests and bench/archive-hostile.ts.

/** Sends a JSON request to the API; resolves the parsed body, throwing unless the status is `expected`. */
export type JsonCall = (path: string, method: string, body: unknown, expected: number) => Promise<{ sha: string }>;

export interface RepeatedTree {
  commit: string;
  tree: string;
  files: number;
}

export async function buildRepeatedTree(
  call: JsonCall,
  repo: string,
  options: { width: number; depth: number; content: string; branch: string },
): Promise<RepeatedTree> {
  const { width, depth, content, branch } = options;
  const names = Array.from({ length: width }, (_, i) => `e${i}`);
  const blob = (await call(`/repos/${repo}/git/blobs`, 'POST', { content }, 201)).sha;
  let tree = (
    await call(
      `/repos/${repo}/git/trees`,
      'POST',
      { tree: names.map((path) => ({ path: `${path}.txt`, mode: '100644', type: 'blob', sha: blob })) },
      201,
    )
  ).sha;
  for (let level = 1; level < depth; level++) {
    tree = (
      await call(
        `/repos/${repo}/git/trees`,
        'POST',
        { tree: names.map((path) => ({ path, mode: '040000', type: 'tree', sha: tree })) },
        201,
      )
    ).sha;
  }
  const commit = (
    await call(`/repos/${repo}/git/commits`, 'POST', { message: `${width}^${depth} files`, tree, parents: [] }, 201)
  ).sha;
  await call(`/repos/${repo}/git/refs/heads/${branch}`, 'PATCH', { sha: commit, force: true }, 200);
  return { commit, tree, files: width ** depth };
}
