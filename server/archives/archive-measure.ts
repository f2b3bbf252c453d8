// What an archive of a commit would hold, counted before `git archive` runs:
// its entries (every path: files, symlinks, submodules and directories) and
// the bytes of its files, each copy counted, as the archive repeats them.
// Git trees share subtrees, so a tree of 160,000 files can be five objects;
// the count reads each distinct tree once (one `cat-file --batch` process,
// a level of the tree at a time) and sizes each distinct blob once (one
// `cat-file --batch-check` for all of them), then multiplies, so it costs
// what the repository stores, not what the archive would expand to. It is
// bounded too: distinct objects are at most the entries, so it stops after
// `maxEntries` of them whatever the tree. (Asking for each blob's size as its
// tree was read, one round trip each, took 3 s of CPU for 50,000 files.)
import type { ArchiveSettings } from '../config.js';
import type { GitRepositories } from '../repos/git.js';
import { ObjectReader } from '../repos/git-batch.js';
import { parseTree, type TreeEntry } from '../repos/git-tree-edit.js';

export type ArchiveMeasure = { ok: true; entries: number; bytes: number } | { ok: false; reason: 'entries' | 'bytes' };

const COMMIT_TREE = /^tree ([0-9a-f]{40})\n/;

/** Every distinct tree under `root`, read, or null past `maxObjects` distinct trees and blobs. */
async function readTrees(
  reader: ObjectReader,
  root: string,
  maxObjects: number,
): Promise<{ trees: Map<string, TreeEntry[]>; blobs: Set<string> } | null> {
  const trees = new Map<string, TreeEntry[]>();
  const blobs = new Set<string>();
  const seen = new Set([root]);
  for (let level = [root]; level.length > 0; ) {
    const objects = await Promise.all(level.map((sha) => reader.read(sha)));
    const next: string[] = [];
    for (const [i, object] of objects.entries()) {
      if (object?.type !== 'tree') throw new Error(`tree ${level[i]} is missing`);
      const entries = [...parseTree(object.content).values()];
      trees.set(level[i]!, entries);
      for (const { type, sha } of entries) {
        if (type === 'tree' && !seen.has(sha)) {
          seen.add(sha);
          next.push(sha);
        } else if (type === 'blob') blobs.add(sha);
      }
      if (seen.size + blobs.size > maxObjects) return null;
    }
    level = next;
  }
  return { trees, blobs };
}

/**
 * Each blob's size, from one `cat-file --batch-check --buffer` (written as
 * one block: without --buffer git writes a line at a time, and reading 50,000
 * lines one by one cost Node several times what git spent).
 */
async function blobSizes(git: GitRepositories, repositoryId: number, blobs: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (blobs.length === 0) return sizes;
  // One line per blob, in order: its size, or `<sha> missing`.
  const lines = (
    await git.git(repositoryId, ['cat-file', '--batch-check=%(objectsize)', '--buffer'], `${blobs.join('\n')}\n`)
  ).split('\n');
  for (const [i, sha] of blobs.entries()) sizes.set(sha, Number(lines[i]) || 0);
  return sizes;
}

/** The trees under `root`, each after every tree it holds (iterative: a chain of nested directories may be deep). */
function childrenFirst(trees: Map<string, TreeEntry[]>, root: string): string[] {
  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack = [root];
  while (stack.length > 0) {
    const sha = stack[stack.length - 1]!;
    const now = state.get(sha);
    if (now === undefined) {
      state.set(sha, 'open');
      for (const entry of trees.get(sha)!) if (entry.type === 'tree' && !state.has(entry.sha)) stack.push(entry.sha);
    } else {
      stack.pop();
      if (now === 'open') {
        state.set(sha, 'done');
        order.push(sha);
      }
    }
  }
  return order;
}

/** The entries and file bytes of `commit`'s archive, or which cap it passes. */
export async function measureArchive(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
  caps: Pick<ArchiveSettings, 'maxEntries' | 'maxBytes'>,
): Promise<ArchiveMeasure> {
  const reader = new ObjectReader(git, repositoryId);
  let read;
  let root: string;
  try {
    const object = await reader.read(commit);
    const tree = object?.type === 'commit' ? COMMIT_TREE.exec(object.content.toString('latin1', 0, 64)) : null;
    if (!tree) throw new Error(`commit ${commit} is missing`);
    root = tree[1]!;
    read = await readTrees(reader, root, caps.maxEntries);
  } finally {
    reader.close();
  }
  if (!read) return { ok: false, reason: 'entries' };
  const sizes = await blobSizes(git, repositoryId, [...read.blobs]);
  // Sums stop at one past the caps: a shared subtree can stand for more than 2^53 paths.
  const totals = new Map<string, { entries: number; bytes: number }>();
  for (const sha of childrenFirst(read.trees, root)) {
    let entries = 0;
    let bytes = 0;
    for (const entry of read.trees.get(sha)!) {
      const sub =
        entry.type === 'tree'
          ? totals.get(entry.sha)!
          : { entries: 0, bytes: entry.type === 'blob' ? (sizes.get(entry.sha) ?? 0) : 0 };
      entries = Math.min(entries + 1 + sub.entries, caps.maxEntries + 1);
      bytes = Math.min(bytes + sub.bytes, caps.maxBytes + 1);
    }
    totals.set(sha, { entries, bytes });
  }
  const { entries, bytes } = totals.get(root)!;
  if (entries > caps.maxEntries) return { ok: false, reason: 'entries' };
  if (bytes > caps.maxBytes) return { ok: false, reason: 'bytes' };
  return { ok: true, entries, bytes };
}
