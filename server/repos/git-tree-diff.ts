// The paths a commit changed against its first parent, as `git log
// --name-status --no-renames` lists them (added, removed, modified, in git's
// path order), found by reading trees through one `cat-file --batch` and
// stopping at a cap. Why not git's own diff: it queues every changed path
// before printing the first, so a tree repeating one subtree 20^5 times cost
// 40 s of CPU and hundreds of megabytes before any output (issue 32). Here a
// subtree with the same sha on both sides is never opened, a tree read once
// is reused, and the walk ends at `maxPaths` paths or `maxReads` tree reads.
import type { ObjectReader } from './git-batch.js';
import { parseTree, type TreeEntry } from './git-tree-edit.js';

export interface ChangedPaths {
  added: string[];
  removed: string[];
  modified: string[];
}

export interface TreeDiffLimits {
  /** Paths listed at most (added, removed and modified together): GitHub lists 3,000 files of a commit. */
  maxPaths: number;
  /** Trees read from git at most (a deep tree costs a read per level). */
  maxReads: number;
}

type Entries = [string, TreeEntry][];

/** Trees kept between diffs; past this many the cache starts over (a push's commits mostly share their trees). */
const MAX_CACHED_TREES = 20_000;

/** git's order of tree entries: by bytes of the name, a tree's name with a `/` after it (code points order as UTF-8 bytes do). */
function compareEntries([a, x]: [string, TreeEntry], [b, y]: [string, TreeEntry]): number {
  const left = x.type === 'tree' ? `${a}/` : a;
  const right = y.type === 'tree' ? `${b}/` : b;
  for (let i = 0; i < left.length && i < right.length; i++) {
    const l = left.charCodeAt(i);
    const r = right.charCodeAt(i);
    if (l === r) continue;
    // A surrogate half stands for a code point above every other UTF-16 unit.
    const ls = l >= 0xd800 && l <= 0xdfff;
    const rs = r >= 0xd800 && r <= 0xdfff;
    return ls === rs ? l - r : ls ? 1 : -1;
  }
  return left.length - right.length;
}

interface Walk {
  out: ChangedPaths;
  count: number;
  reads: number;
  limits: TreeDiffLimits;
}

export class TreeDiffer {
  private readonly trees = new Map<string, Promise<Entries>>();

  constructor(private readonly reader: ObjectReader) {}

  /**
   * What changed from `oldTree` (null: nothing, a root commit) to `newTree`,
   * each a tree sha or a `<commit>^{tree}` expression; cut at the limits.
   */
  async diff(oldTree: string | null, newTree: string, limits: TreeDiffLimits): Promise<ChangedPaths> {
    const walk: Walk = { out: { added: [], removed: [], modified: [] }, count: 0, reads: 0, limits };
    if (oldTree !== newTree) {
      const [before, after] = await Promise.all([
        oldTree === null ? [] : this.entries(walk, oldTree),
        this.entries(walk, newTree),
      ]);
      await this.compare(walk, before, after, '');
    }
    return walk.out;
  }

  private entries(walk: Walk, name: string): Promise<Entries> {
    let entries = this.trees.get(name);
    if (!entries) {
      if (this.trees.size >= MAX_CACHED_TREES) this.trees.clear();
      walk.reads++;
      entries = this.reader
        .read(name)
        .then((object) => (object?.type === 'tree' ? [...parseTree(object.content)] : []));
      this.trees.set(name, entries);
    }
    return entries;
  }

  /** False once a limit is reached: the walk stops there. */
  private full(walk: Walk): boolean {
    return walk.count >= walk.limits.maxPaths || walk.reads > walk.limits.maxReads;
  }

  private async compare(walk: Walk, before: Entries, after: Entries, prefix: string): Promise<boolean> {
    let i = 0;
    let j = 0;
    while (i < before.length || j < after.length) {
      if (this.full(walk)) return false;
      const old = before[i];
      const now = after[j];
      const order = old === undefined ? 1 : now === undefined ? -1 : compareEntries(old, now);
      if (order < 0) {
        if (!(await this.side(walk, old!, prefix, walk.out.removed))) return false;
        i++;
      } else if (order > 0) {
        if (!(await this.side(walk, now!, prefix, walk.out.added))) return false;
        j++;
      } else {
        i++;
        j++;
        const [name, x] = old!;
        const y = now![1];
        if (x.sha === y.sha && x.mode === y.mode) continue;
        if (x.type === 'tree') {
          const [a, b] = await Promise.all([this.entries(walk, x.sha), this.entries(walk, y.sha)]);
          if (!(await this.compare(walk, a, b, `${prefix}${name}/`))) return false;
        } else {
          walk.out.modified.push(prefix + name);
          walk.count++;
        }
      }
    }
    return true;
  }

  /** An entry only one side has: the path, or every path under a tree. */
  private async side(walk: Walk, [name, entry]: [string, TreeEntry], prefix: string, list: string[]): Promise<boolean> {
    if (entry.type !== 'tree') {
      list.push(prefix + name);
      walk.count++;
      return true;
    }
    for (const child of await this.entries(walk, entry.sha)) {
      if (this.full(walk) || !(await this.side(walk, child, `${prefix}${name}/`, list))) return false;
    }
    return true;
  }
}
