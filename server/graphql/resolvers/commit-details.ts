// A commit's change against its first parent (additions, deletions, files:
// one `git diff-tree --numstat` per commit, as REST's single commit counts
// them), a file of its tree (`file(path)`: one `ls-tree`), its authors (the
// author and the Co-authored-by trailers, as GitHub lists them), its
// addresses, and what Wharf does not have (comments, deployments, signature
// verification, subscriptions).
import { diffSummary, diffTotals, emptyTree } from '../../commits/commit-diff.js';
import { treePath } from '../../repos/tree-path.js';
import { absentFields } from '../core/absent-feature.js';
import type { GraphqlContext } from '../core/context.js';
import { listConnection } from '../core/connection.js';
import type { CommitResolvers } from '../generated/resolvers-types.js';
import type { GitActorModel, GitObjectModel, TreeEntryModel } from '../git/models.js';
import { commitOf } from './commit.js';
import { repositoryPath } from './git-object.js';

type Totals = ReturnType<typeof diffTotals>;
// Counted once per commit object per request: additions, deletions and changedFiles read the same diff.
const totalsOf = new WeakMap<GitObjectModel, Promise<Totals>>();

function changeOf(ctx: GraphqlContext, commit: GitObjectModel): Promise<Totals> {
  let totals = totalsOf.get(commit);
  if (!totals) {
    totals = commitOf(ctx, commit).then(async ({ parents }) =>
      diffTotals(await diffSummary(ctx.services.git, commit.repo.id, parents[0] ?? emptyTree(commit.oid), commit.oid)),
    );
    totalsOf.set(commit, totals);
  }
  return totals;
}

const CO_AUTHOR = /^co-authored-by:\s*(.*?)\s*<([^>]+)>\s*$/gim;

/** The author, then each distinct co-author of the message's trailers, dated as the author. */
function authorsOf(author: GitActorModel, message: string): GitActorModel[] {
  const seen = new Set([author.email.toLowerCase()]);
  const authors = [author];
  for (const [, name = '', email = ''] of message.matchAll(CO_AUTHOR)) {
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    authors.push({ name, email, date: author.date, utc: author.utc });
  }
  return authors;
}

/** The entry at `path` of the commit's tree (a file, a directory or a submodule), null when there is none. */
async function fileAt(ctx: GraphqlContext, commit: GitObjectModel, path: string): Promise<TreeEntryModel | null> {
  const clean = treePath(path);
  if (!clean) return null;
  // -z: names unquoted; literal: a path is a path, never pathspec magic.
  const out = await ctx.services.git.git(commit.repo.id, [
    '--literal-pathspecs',
    'ls-tree',
    '-z',
    '--full-tree',
    commit.oid,
    '--',
    clean,
  ]);
  const match = out
    .split('\0')
    .map((line) => /^(\d+) (blob|tree|commit) ([0-9a-f]+)\t(.*)$/s.exec(line))
    .find((found) => found?.[4] === clean);
  if (!match) return null;
  const [, mode = '', type, oid = ''] = match;
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  return { repo: commit.repo, name, path: clean, mode, type: type as TreeEntryModel['type'], oid };
}

const archive = (ctx: GraphqlContext, commit: GitObjectModel, kind: 'tarball' | 'zipball') =>
  ctx.services.urls.api(`/repos${repositoryPath(commit.repo)}/${kind}/${commit.oid}`);

export const commitDetailFields: CommitResolvers = {
  ...absentFields([
    'comments',
    'committedViaWeb',
    'deployments',
    'onBehalfOf',
    'pushedDate',
    'signature',
    'viewerCanSubscribe',
    'viewerSubscription',
  ]),
  additions: async (commit, _args, ctx) => (await changeOf(ctx, commit)).additions,
  deletions: async (commit, _args, ctx) => (await changeOf(ctx, commit)).deletions,
  changedFiles: async (commit, _args, ctx) => (await changeOf(ctx, commit)).changed_files,
  changedFilesIfAvailable: async (commit, _args, ctx) => (await changeOf(ctx, commit)).changed_files,
  authors: async (commit, args, ctx) => {
    const { author, message } = await commitOf(ctx, commit);
    return listConnection(authorsOf(author, message), args, 'authors');
  },
  file: (commit, { path }, ctx) => fileAt(ctx, commit, path),
  treeResourcePath: (commit) => `${repositoryPath(commit.repo)}/tree/${commit.oid}`,
  tarballUrl: (commit, _args, ctx) => archive(ctx, commit, 'tarball'),
  zipballUrl: (commit, _args, ctx) => archive(ctx, commit, 'zipball'),
};
