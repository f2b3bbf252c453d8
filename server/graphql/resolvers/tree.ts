// Trees, their entries, and blobs. Entry sizes and blob contents go through
// the batch loaders: a tree listing with every entry's size is one
// `cat-file --batch-check`, with every text one `cat-file --batch` per 32 blobs.
// A tree lists its first TREE_ENTRIES_LIMIT entries (list-caps.ts), and git
// is never asked for more; entries and texts reserve their bytes in the
// answer's budget (answer-budget.ts) before they are read.
import { ENTRY_OVERHEAD_BYTES } from '../core/answer-budget.js';
import type { GraphqlContext } from '../core/context.js';
import type { BlobResolvers, TreeEntryResolvers, TreeResolvers } from '../generated/resolvers-types.js';
import { BLOB_TEXT_LIMIT } from '../git/git-loaders.js';
import type { GitObjectModel, TreeEntryModel } from '../git/models.js';
import { parseTree } from '../git/parse-objects.js';
import { TREE_ENTRIES_LIMIT } from '../core/list-caps.js';
import { contentsOf, gitObjectFields } from './git-object.js';

/** git's own test for binary content: a NUL in the first 8000 bytes. */
const BINARY_PROBE = 8000;

function entryType(mode: string): TreeEntryModel['type'] {
  if (mode === '40000' || mode === '040000') return 'tree';
  if (mode === '160000') return 'commit'; // a submodule: the commit is in another repository
  return 'blob';
}

/** Trees up to this size are read whole by the batch loader: 1,000 entries with names of 20 bytes take 48 KB. */
const BATCHED_TREE_BYTES = 64 * 1024;

/** The raw bytes holding (at least) a tree's first TREE_ENTRIES_LIMIT entries. */
async function treeBytes(ctx: GraphqlContext, tree: GitObjectModel): Promise<Buffer> {
  if ((await sizeOf(ctx, tree)) <= BATCHED_TREE_BYTES) return contentsOf(ctx, tree);
  return ctx.loaders.git.treePrefix.load({ repo: tree.repo, name: tree.oid });
}

export const Tree: TreeResolvers = {
  ...gitObjectFields,
  entries: async (tree, _args, ctx) => {
    const raw = await treeBytes(ctx, tree);
    // The raw entries (names and ids) first: parsing waits its turn, and never starts once the answer is full.
    await ctx.answer.reserve(raw.length);
    const entries = parseTree(raw, tree.oid.length / 2, TREE_ENTRIES_LIMIT).map(
      (entry): TreeEntryModel => ({
        repo: tree.repo,
        name: entry.name,
        path: tree.path ? `${tree.path}/${entry.name}` : entry.name,
        mode: entry.mode,
        type: entryType(entry.mode),
        oid: entry.oid,
      }),
    );
    await ctx.answer.reserve(entries.reduce((bytes, entry) => bytes + ENTRY_OVERHEAD_BYTES + entry.path.length, 0));
    return entries;
  },
};

export const TreeEntry: TreeEntryResolvers = {
  name: (entry) => entry.name,
  path: (entry) => entry.path,
  // GitHub answers the mode as a number: 33188 for 100644.
  mode: (entry) => parseInt(entry.mode, 8),
  oid: (entry) => entry.oid,
  type: (entry) => entry.type,
  repository: (entry) => entry.repo,
  extension: (entry) => {
    const dot = entry.name.lastIndexOf('.');
    return entry.type === 'blob' && dot > 0 ? entry.name.slice(dot) : null;
  },
  size: async (entry, _args, ctx) => {
    if (entry.type !== 'blob') return 0;
    return (await ctx.loaders.git.objectInfo.load({ repo: entry.repo, name: entry.oid }))?.size ?? 0;
  },
  object: (entry) =>
    entry.type === 'commit' ? null : { repo: entry.repo, oid: entry.oid, type: entry.type, path: entry.path },
};

async function sizeOf(ctx: GraphqlContext, object: GitObjectModel): Promise<number> {
  if (object.size !== undefined) return object.size;
  const info = await ctx.loaders.git.objectInfo.load({ repo: object.repo, name: object.oid });
  if (info === null) throw new Error(`${object.type} ${object.oid} of repository ${object.repo.id} is gone`);
  return info.size;
}

/**
 * A blob's bytes, or null when it is above BLOB_TEXT_LIMIT (then not read at
 * all). Each field that reads them reserves their size in the answer's budget
 * first (text and isBinary of one blob count twice: an over-estimate).
 */
async function bytesOf(ctx: GraphqlContext, blob: GitObjectModel): Promise<Buffer | null> {
  const size = await sizeOf(ctx, blob);
  if (size > BLOB_TEXT_LIMIT) return null;
  await ctx.answer.reserve(size);
  return ctx.loaders.git.blobContent.load({ repo: blob.repo, name: blob.oid });
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, BINARY_PROBE).includes(0);

export const Blob: BlobResolvers = {
  ...gitObjectFields,
  byteSize: (blob, _args, ctx) => sizeOf(ctx, blob),
  isTruncated: async (blob, _args, ctx) => (await sizeOf(ctx, blob)) > BLOB_TEXT_LIMIT,
  isBinary: async (blob, _args, ctx) => {
    const bytes = await bytesOf(ctx, blob);
    return bytes === null ? null : isBinary(bytes);
  },
  text: async (blob, _args, ctx) => {
    const bytes = await bytesOf(ctx, blob);
    return bytes === null || isBinary(bytes) ? null : bytes.toString('utf8');
  },
};
