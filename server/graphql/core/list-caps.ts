// Fields outside GitHub's connections that the resource limits count all the
// same (connection-tally.ts), so that every list and every large leaf is
// priced before the query runs (docs/graphql.md, "GraphQL resource limits"):
//
// - Capped lists: plain lists with no paging arguments in GitHub's schema,
//   cut at a fixed number of items. The node limit counts each as a list of
//   its cap, like a connection asked for that many, and each costs one request
//   per enclosing item. `Tree.entries` stops at 1,000 entries, where GitHub's
//   directory listings stop (its tree pages, and REST's contents API); a tree
//   nested in another's entries then counts 1,000 × 1,000 nodes, past the
//   limit of 500,000, so a query can list one level of trees at a time.
// - Large leaves: scalars read from storage one object at a time (a blob's
//   text is a git read of up to a megabyte): one request each. Their bytes
//   are bounded while the answer is built (answer-budget.ts). A gist comment's
//   bodyHTML is a Markdown render (up to GitHub's 400 KB document): one request too.

import { MAX_GIST_FILES } from '../../gists/gist-limits.js';

/** Entries `Tree.entries` lists at most (the tree's first ones, in git's order). */
export const TREE_ENTRIES_LIMIT = 1000;

/** `Type.field` → the most items the list holds. */
export const CAPPED_LISTS: ReadonlyMap<string, number> = new Map([
  ['Tree.entries', TREE_ENTRIES_LIMIT],
  // A gist's files: its `limit` is at most a gist's most files; one git read per gist.
  ['Gist.files', MAX_GIST_FILES],
]);

/** `Type.field` of the large leaves. */
export const LARGE_LEAVES: ReadonlySet<string> = new Set(['Blob.text', 'GistComment.bodyHTML']);
