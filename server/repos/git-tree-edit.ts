// A new tree from a base tree (or none) and a list of edits by path: put an
// object at `a/b/c.txt` (creating the subtrees on the way), or delete a path
// (a file or a whole directory). Only the directories an edit walks through
// are read (`cat-file --batch`) and written again (`mktree --batch`, bottom
// up), through one process each; everything else keeps its sha. No index and
// no work tree, so any number of these run at once on one repository. Used by
// the git data API and by every capability that commits files.
import type { GitRepositories } from './git.js';
import { ObjectReader, TreeWriter } from './git-batch.js';
import type { GitObjectType } from './git-objects.js';

export interface TreeEntry {
  mode: string;
  type: GitObjectType;
  sha: string;
}

/** Put `sha` at `path`, or (sha null) delete whatever is at `path`. */
export type TreeEdit = { path: string; sha: string; mode: string; type: GitObjectType } | { path: string; sha: null };

/** An edit that cannot apply (deleting a path that is not there); the caller answers 422. */
export class TreeEditError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

interface Dir {
  entries: Map<string, TreeEntry | Dir>;
}

const isDir = (node: TreeEntry | Dir): node is Dir => 'entries' in node;

/** A tree object's entries (`<mode> <name>\0<20-byte sha>` each), name → entry. */
export function parseTree(content: Buffer): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(32, at);
    const nul = content.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > content.length) break;
    const mode = content.subarray(at, space).toString('latin1');
    const type: GitObjectType = mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.set(content.subarray(space + 1, nul).toString('utf8'), {
      mode: mode.padStart(6, '0'),
      type,
      sha: content.subarray(nul + 1, nul + 21).toString('hex'),
    });
    at = nul + 21;
  }
  return entries;
}

interface Io {
  reader: ObjectReader;
  writer: TreeWriter;
}

async function load(io: Io, sha: string | null): Promise<Dir> {
  if (!sha) return { entries: new Map() };
  const object = await io.reader.read(sha);
  if (object?.type !== 'tree') throw new Error(`tree ${sha} is missing`);
  return { entries: new Map<string, TreeEntry | Dir>(parseTree(object.content)) };
}

/** The directory at `name` in `dir`, read from git or made when absent (or when a non-tree is in the way). */
async function subdirectory(io: Io, dir: Dir, name: string, create: boolean): Promise<Dir | null> {
  const node = dir.entries.get(name);
  if (node && isDir(node)) return node;
  if (node && node.type === 'tree') {
    const loaded = await load(io, node.sha);
    dir.entries.set(name, loaded);
    return loaded;
  }
  if (!create) return null;
  const made: Dir = { entries: new Map() };
  dir.entries.set(name, made);
  return made;
}

async function apply(io: Io, root: Dir, edit: TreeEdit): Promise<void> {
  const names = edit.path.split('/');
  const last = names.pop()!;
  let dir: Dir | null = root;
  for (const name of names) {
    dir = await subdirectory(io, dir, name, edit.sha !== null);
    if (!dir) throw new TreeEditError(edit.path, `path '${edit.path}' does not exist`);
  }
  if (edit.sha === null) {
    if (!dir.entries.delete(last)) throw new TreeEditError(edit.path, `path '${edit.path}' does not exist`);
    return;
  }
  dir.entries.set(last, { mode: edit.mode, type: edit.type, sha: edit.sha });
}

/** Writes `dir` and the directories below it that were read or made; null for a directory left empty. */
async function write(io: Io, dir: Dir, isRoot: boolean): Promise<string | null> {
  const lines: string[] = [];
  for (const [name, node] of dir.entries) {
    if (isDir(node)) {
      const sha = await write(io, node, false);
      if (sha) lines.push(`040000 tree ${sha}\t${name}`);
    } else {
      lines.push(`${node.mode} ${node.type} ${node.sha}\t${name}`);
    }
  }
  // Git keeps no empty directories: deleting a directory's last file removes it.
  if (lines.length === 0 && !isRoot) return null;
  return io.writer.write(lines);
}

/** The sha of `base` (null: the empty tree) with `edits` applied in order. */
export async function editTree(
  git: GitRepositories,
  repositoryId: number,
  base: string | null,
  edits: TreeEdit[],
): Promise<string> {
  const io: Io = { reader: new ObjectReader(git, repositoryId), writer: new TreeWriter(git, repositoryId) };
  try {
    const root = await load(io, base);
    for (const edit of edits) await apply(io, root, edit);
    return (await write(io, root, true))!;
  } finally {
    io.reader.close();
    io.writer.close();
  }
}
