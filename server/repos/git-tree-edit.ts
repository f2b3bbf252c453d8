// A new tree from a base tree (or none) and a list of edits by path: put an
// object at `a/b/c.txt` (creating the subtrees on the way), or delete a path
// (a file or a whole directory). Only the directories an edit walks through
// are read (`ls-tree`, one level each) and written again (`mktree`, bottom
// up); everything else keeps its sha. No index and no work tree, so any
// number of these run at once on one repository. Used by the git data API and
// by every capability that commits files.
import type { GitRepositories } from './git.js';
import type { GitObjectType } from './git-objects.js';

export interface TreeEntry { mode: string; type: GitObjectType; sha: string }

/** Put `sha` at `path`, or (sha null) delete whatever is at `path`. */
export type TreeEdit = { path: string; sha: string; mode: string; type: GitObjectType } | { path: string; sha: null };

/** An edit that cannot apply (deleting a path that is not there); the caller answers 422. */
export class TreeEditError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
  }
}

interface Dir { entries: Map<string, TreeEntry | Dir> }

const isDir = (node: TreeEntry | Dir): node is Dir => 'entries' in node;

/** One level of a tree: name → entry. */
export async function readTreeLevel(git: GitRepositories, repositoryId: number, sha: string): Promise<Map<string, TreeEntry>> {
  const out = await git.git(repositoryId, ['ls-tree', '-z', '--full-tree', sha]);
  const entries = new Map<string, TreeEntry>();
  for (const record of out.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, objectSha] = record.slice(0, tab).split(' ');
    entries.set(record.slice(tab + 1), { mode: mode!, type: type as GitObjectType, sha: objectSha! });
  }
  return entries;
}

async function load(git: GitRepositories, repositoryId: number, sha: string | null): Promise<Dir> {
  return { entries: sha ? new Map<string, TreeEntry | Dir>(await readTreeLevel(git, repositoryId, sha)) : new Map() };
}

/** The directory at `name` in `dir`, read from git or made when absent (or when a non-tree is in the way). */
async function subdirectory(git: GitRepositories, repositoryId: number, dir: Dir, name: string, create: boolean): Promise<Dir | null> {
  const node = dir.entries.get(name);
  if (node && isDir(node)) return node;
  if (node && node.type === 'tree') {
    const loaded = await load(git, repositoryId, node.sha);
    dir.entries.set(name, loaded);
    return loaded;
  }
  if (!create) return null;
  const made: Dir = { entries: new Map() };
  dir.entries.set(name, made);
  return made;
}

async function apply(git: GitRepositories, repositoryId: number, root: Dir, edit: TreeEdit): Promise<void> {
  const names = edit.path.split('/');
  const last = names.pop()!;
  let dir: Dir | null = root;
  for (const name of names) {
    dir = await subdirectory(git, repositoryId, dir, name, edit.sha !== null);
    if (!dir) throw new TreeEditError(edit.path, `path '${edit.path}' does not exist`);
  }
  if (edit.sha === null) {
    if (!dir.entries.delete(last)) throw new TreeEditError(edit.path, `path '${edit.path}' does not exist`);
    return;
  }
  dir.entries.set(last, { mode: edit.mode, type: edit.type, sha: edit.sha });
}

/** Writes `dir` and the directories below it that were read or made; null for a directory left empty. */
async function write(git: GitRepositories, repositoryId: number, dir: Dir, isRoot: boolean): Promise<string | null> {
  const lines: string[] = [];
  for (const [name, node] of dir.entries) {
    if (isDir(node)) {
      const sha = await write(git, repositoryId, node, false);
      if (sha) lines.push(`040000 tree ${sha}\t${name}`);
    } else {
      lines.push(`${node.mode} ${node.type} ${node.sha}\t${name}`);
    }
  }
  // Git keeps no empty directories: deleting a directory's last file removes it.
  if (lines.length === 0 && !isRoot) return null;
  // --missing: a submodule's commit lives in another repository; the caller checked every other object.
  return (await git.git(repositoryId, ['mktree', '-z', '--missing'], lines.map((line) => line + '\0').join(''))).trim();
}

/** The sha of `base` (null: the empty tree) with `edits` applied in order. */
export async function editTree(git: GitRepositories, repositoryId: number, base: string | null, edits: TreeEdit[]): Promise<string> {
  const root = await load(git, repositoryId, base);
  for (const edit of edits) await apply(git, repositoryId, root, edit);
  return (await write(git, repositoryId, root, true))!;
}
