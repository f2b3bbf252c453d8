// GitHub's `git-tree` body: one level of a tree, or (recursive) every entry
// below it, trees included, in git's order. A recursive listing stops at
// GitHub's limits (100,000 entries, about 7 MB of paths) with `truncated:
// true`; `ls-tree` is read as a stream and stopped there, so a huge tree
// costs no more than the limit.
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export const MAX_TREE_ENTRIES = 100_000;
const MAX_TREE_PATH_BYTES = 7 * 1024 * 1024;

export interface TreeItem {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size?: number;
  url?: string;
}

function treeItem(record: string, api: string): TreeItem | null {
  const tab = record.indexOf('\t');
  if (tab < 0) return null;
  const [mode, type, sha, size] = record.slice(0, tab).split(/ +/);
  const item: TreeItem = { path: record.slice(tab + 1), mode: mode!, type: type!, sha: sha! };
  if (type === 'blob') item.size = Number(size);
  if (type === 'blob' || type === 'tree') item.url = `${api}/${type}s/${sha}`;
  return item;
}

async function listEntries(git: GitRepositories, repositoryId: number, sha: string, recursive: boolean, api: string) {
  const child = git.spawn(repositoryId, [
    'ls-tree',
    '-l',
    '-z',
    '--full-tree',
    ...(recursive ? ['-r', '-t'] : []),
    sha,
  ]);
  const tree: TreeItem[] = [];
  let truncated = false;
  // Records are split on NUL bytes before decoding, so a path's UTF-8 is never cut between chunks.
  let pending: Buffer = Buffer.alloc(0);
  let pathBytes = 0;
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stderr.resume();
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let start = 0;
    for (let end = pending.indexOf(0, start); end >= 0 && !truncated; end = pending.indexOf(0, start)) {
      const item = treeItem(pending.subarray(start, end).toString('utf8'), api);
      start = end + 1;
      if (!item) continue;
      pathBytes += Buffer.byteLength(item.path);
      if (tree.length >= MAX_TREE_ENTRIES || pathBytes > MAX_TREE_PATH_BYTES) truncated = true;
      else tree.push(item);
    }
    pending = pending.subarray(start);
    if (truncated) break;
  }
  if (truncated) child.kill();
  const code = await exited;
  if (!truncated && code !== 0) throw new Error(`git ls-tree failed (${code})`);
  return { tree, truncated };
}

export async function gitTreeView(
  git: GitRepositories,
  repo: RepositoryRow,
  sha: string,
  recursive: boolean,
  urls: Urls,
) {
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}/git`);
  const { tree, truncated } = await listEntries(git, repo.id, sha, recursive, api);
  return { sha, url: `${api}/trees/${sha}`, tree, truncated };
}
