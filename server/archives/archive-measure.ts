// What an archive of a commit would hold, counted before `git archive` runs:
// its entries (every path: files, symlinks, submodules and directories) and
// the bytes of its files, each copy counted, as the archive repeats them.
// Git trees share subtrees, so a tree of 160,000 files can be five objects;
// the walk reads each distinct object once (through one `cat-file --batch`
// and one `--batch-check` process) and multiplies, so it costs what the
// repository stores, not what the archive would expand to. It is bounded
// too: distinct objects are at most the entries, so it stops after
// `maxEntries` reads whatever the tree.
import type { GitRepositories } from '../repos/git.js';
import { ObjectInfoReader, ObjectReader } from '../repos/git-batch.js';
import { parseTree } from '../repos/git-tree-edit.js';
import type { ArchiveSettings } from '../config.js';

export type ArchiveMeasure = { ok: true; entries: number; bytes: number } | { ok: false; reason: 'entries' | 'bytes' };

interface Totals { entries: number; bytes: number }

class TooLarge extends Error {
  constructor(readonly reason: 'entries' | 'bytes') {
    super(`archive over its ${reason} cap`);
  }
}

const COMMIT_TREE = /^tree ([0-9a-f]{40})\n/;

/** The entries and file bytes of `commit`'s archive, or which cap it passes. */
export async function measureArchive(git: GitRepositories, repositoryId: number, commit: string, caps: Pick<ArchiveSettings, 'maxEntries' | 'maxBytes'>): Promise<ArchiveMeasure> {
  const reader = new ObjectReader(git, repositoryId);
  const infos = new ObjectInfoReader(git, repositoryId);
  const trees = new Map<string, Promise<Totals>>();
  const blobs = new Map<string, Promise<number>>();
  let reads = 0;
  const read = () => {
    if (++reads > caps.maxEntries) throw new TooLarge('entries');
  };
  // Sums stop growing past the caps (a shared subtree can stand for far more than 2^53 paths).
  const check = (totals: Totals): Totals => {
    if (totals.entries > caps.maxEntries) throw new TooLarge('entries');
    if (totals.bytes > caps.maxBytes) throw new TooLarge('bytes');
    return totals;
  };
  const blobSize = (sha: string) => {
    let size = blobs.get(sha);
    if (!size) {
      read();
      size = infos.info(sha).then((info) => info?.size ?? 0);
      blobs.set(sha, size);
    }
    return size;
  };
  const tree = (sha: string): Promise<Totals> => {
    let totals = trees.get(sha);
    if (!totals) {
      read();
      totals = walk(sha);
      trees.set(sha, totals);
    }
    return totals;
  };
  const walk = async (sha: string): Promise<Totals> => {
    const object = await reader.read(sha);
    if (object?.type !== 'tree') throw new Error(`tree ${sha} is missing`);
    const entries = [...parseTree(object.content).values()];
    const sums = { entries: entries.length, bytes: 0 };
    check(sums);
    const parts = await Promise.all(entries.map((entry) =>
      entry.type === 'tree' ? tree(entry.sha) : entry.type === 'blob' ? blobSize(entry.sha).then((bytes) => ({ entries: 0, bytes })) : { entries: 0, bytes: 0 }));
    for (const part of parts) {
      sums.entries += part.entries;
      sums.bytes += part.bytes;
      check(sums);
    }
    return sums;
  };
  try {
    const object = await reader.read(commit);
    const root = object?.type === 'commit' ? COMMIT_TREE.exec(object.content.toString('latin1', 0, 64)) : null;
    if (!root) throw new Error(`commit ${commit} is missing`);
    const { entries, bytes } = await tree(root[1]!);
    return { ok: true, entries, bytes };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, reason: error.reason };
    throw error;
  } finally {
    reader.close();
    infos.close();
  }
}
