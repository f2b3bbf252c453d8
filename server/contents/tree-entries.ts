// Reading trees and blobs of a commit with git plumbing (`ls-tree`,
// `cat-file`), never a work tree. Paths are literal (GIT_LITERAL_PATHSPECS):
// a `*` in a file name is that character, not a glob.
import type { GitRepositories } from '../repos/git.js';

export type EntryKind = 'file' | 'dir' | 'symlink' | 'submodule';

export interface TreeEntry {
  kind: EntryKind;
  mode: string;
  sha: string;
  /** Blob size in bytes; 0 for trees and submodules. */
  size: number;
  /** Full path from the root of the tree. */
  path: string;
}

const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };
const LINE = /^(\d+) (\w+) ([0-9a-f]+) +(\S+)\t([\s\S]*)$/;

function kindOf(mode: string, type: string): EntryKind {
  if (type === 'tree') return 'dir';
  if (type === 'commit') return 'submodule';
  return mode === '120000' ? 'symlink' : 'file';
}

function parse(out: string, prefix: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of out.split('\0')) {
    const match = LINE.exec(record);
    if (!match) continue;
    const [, mode, type, sha, size, name] = match;
    entries.push({
      kind: kindOf(mode!, type!),
      mode: mode!,
      sha: sha!,
      size: size === '-' ? 0 : Number(size),
      path: prefix + name!,
    });
  }
  return entries;
}

/** The entry at `path` in `commit` (the root tree for ''), or null. */
export async function entryAt(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
  path: string,
): Promise<TreeEntry | null> {
  if (path === '') {
    const tree = (await git.git(repositoryId, ['rev-parse', `${commit}^{tree}`])).trim();
    return { kind: 'dir', mode: '040000', sha: tree, size: 0, path: '' };
  }
  const out = await git.git(
    repositoryId,
    ['ls-tree', '-z', '--long', '--full-tree', commit, '--', path],
    undefined,
    LITERAL,
  );
  return parse(out, '').find((entry) => entry.path === path) ?? null;
}

/** The entries of the tree `tree`, whose path is `dir`, in git's order. */
export async function listTree(
  git: GitRepositories,
  repositoryId: number,
  tree: string,
  dir: string,
): Promise<TreeEntry[]> {
  const out = await git.git(repositoryId, ['ls-tree', '-z', '--long', tree]);
  return parse(out, dir === '' ? '' : `${dir}/`);
}

/** A blob's bytes (up to `maxBytes`, which must cover its size). */
export function readBlob(git: GitRepositories, repositoryId: number, sha: string, maxBytes: number): Promise<Buffer> {
  return git.gitBytes(repositoryId, ['cat-file', 'blob', sha], '', maxBytes + 1);
}

/** The URL `.gitmodules` of `commit` gives the submodule at `path`, or null. */
export async function submoduleUrl(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
  path: string,
): Promise<string | null> {
  try {
    const out = await git.git(repositoryId, [
      'config',
      '-z',
      '--blob',
      `${commit}:.gitmodules`,
      '--get-regexp',
      '^submodule\\..*\\.path$',
    ]);
    for (const record of out.split('\0')) {
      const newline = record.indexOf('\n');
      if (newline < 0 || record.slice(newline + 1) !== path) continue;
      const name = record.slice('submodule.'.length, newline - '.path'.length);
      return (
        (
          await git.git(repositoryId, ['config', '--blob', `${commit}:.gitmodules`, '--get', `submodule.${name}.url`])
        ).trim() || null
      );
    }
  } catch {
    // no .gitmodules, or no entry for this path
  }
  return null;
}
