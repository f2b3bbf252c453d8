// A gist's files and history: a bare git repository per gist at
// `<dataDir>/gists/<db id>.git` (by id, so nothing ever moves), one branch,
// a flat tree. Writes reuse the repositories' plumbing (a tree edit, then
// commit-tree, then a compare-and-swap on the branch), so concurrent writers
// never lose each other's commit: the loser sees a conflict.
import { join } from 'node:path';
import { conflict } from '../errors/domain-error.js';
import { ObjectReader } from '../repos/git-batch.js';
import { writeCommit } from '../repos/git-commit-write.js';
import { writeBlob } from '../repos/git-objects.js';
import { editTree, type TreeEdit } from '../repos/git-tree-edit.js';
import { GitRepositories, type CommitIdentities } from '../repos/git.js';
import { MAX_CONTENT_BYTES } from './gist-limits.js';

export const GIST_BRANCH = 'main';
export const GIST_REF = `refs/heads/${GIST_BRANCH}`;

/** The gists' repositories, beside the repositories' own directory. */
export function gistRepositories(dataDir: string): GitRepositories {
  return new GitRepositories(join(dataDir, 'gists'));
}

export interface GistEntry {
  filename: string;
  /** The blob's sha. */
  sha: string;
  size: number;
}

/** A change to one file: new content, an existing blob (a rename), or removal. */
export type GistChange =
  | { filename: string; content: string }
  | { filename: string; sha: string }
  | { filename: string; remove: true };

/** The commit the gist's branch points to, or null (a repository being made). */
export function gistHead(git: GitRepositories, gistId: number): Promise<string | null> {
  return git.resolveRef(gistId, GIST_REF);
}

/** The files of commit `rev` (a full sha), by name (git's order). */
export async function listGistFiles(git: GitRepositories, gistId: number, rev: string): Promise<GistEntry[]> {
  const out = await git.git(gistId, ['ls-tree', '-l', '-z', rev]);
  const entries: GistEntry[] = [];
  for (const record of out.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [, type, sha, size] = record.slice(0, tab).split(/ +/);
    if (type !== 'blob' || !sha) continue;
    entries.push({ filename: record.slice(tab + 1), sha, size: Number(size) });
  }
  return entries;
}

/** Each blob's content as text, cut at MAX_CONTENT_BYTES (the gist's size limit bounds the whole read). */
export async function readGistContents(
  git: GitRepositories,
  gistId: number,
  entries: readonly GistEntry[],
): Promise<Map<string, { content: string; truncated: boolean }>> {
  const out = new Map<string, { content: string; truncated: boolean }>();
  if (entries.length === 0) return out;
  const reader = new ObjectReader(git, gistId);
  try {
    for (const entry of entries) {
      if (out.has(entry.sha)) continue;
      const object = await reader.read(entry.sha);
      const bytes = object?.content ?? Buffer.alloc(0);
      const truncated = bytes.length > MAX_CONTENT_BYTES;
      out.set(entry.sha, { content: bytes.subarray(0, MAX_CONTENT_BYTES).toString('utf8'), truncated });
    }
  } finally {
    reader.close();
  }
  return out;
}

/** Makes the empty repository of a new gist. */
export function createGistRepository(git: GitRepositories, gistId: number): Promise<void> {
  return git.create(gistId, GIST_BRANCH);
}

/**
 * One commit applying `changes` to `base` (null: the first commit), moved
 * onto the branch only if it still points to `base`; returns its sha.
 */
export async function commitGist(
  git: GitRepositories,
  gistId: number,
  base: string | null,
  changes: readonly GistChange[],
  identities: CommitIdentities,
): Promise<string> {
  const edits: TreeEdit[] = [];
  for (const change of changes) {
    if ('remove' in change) edits.push({ path: change.filename, sha: null });
    else if ('sha' in change) edits.push({ path: change.filename, sha: change.sha, mode: '100644', type: 'blob' });
    else
      edits.push({
        path: change.filename,
        sha: await writeBlob(git, gistId, change.content),
        mode: '100644',
        type: 'blob',
      });
  }
  const baseTree = base ? (await git.git(gistId, ['rev-parse', `${base}^{tree}`])).trim() : null;
  const tree = await editTree(git, gistId, baseTree, edits);
  const commit = await writeCommit(git, gistId, {
    tree,
    parents: base ? [base] : [],
    message: '',
    author: identities.author,
    committer: identities.committer,
  });
  if (!(await git.updateRef(gistId, GIST_REF, commit, base)))
    throw conflict('The gist was changed meanwhile; try again.');
  return commit;
}

export interface GistVersion {
  version: string;
  authorEmail: string;
  committedAt: Date;
  additions: number;
  deletions: number;
}

/** The number of revisions of the gist. */
export async function countGistVersions(git: GitRepositories, gistId: number, head: string): Promise<number> {
  return Number((await git.git(gistId, ['rev-list', '--count', head])).trim());
}

/** Revisions newest first, `limit` of them after `offset`, with the lines each added and removed. */
export async function gistVersions(
  git: GitRepositories,
  gistId: number,
  head: string,
  limit: number,
  offset: number,
): Promise<GistVersion[]> {
  const out = await git.git(gistId, [
    'log',
    '--format=@@%H %ct %aE',
    '--numstat',
    '--no-renames',
    `--skip=${offset}`,
    '-n',
    String(limit),
    head,
  ]);
  const versions: GistVersion[] = [];
  for (const line of out.split('\n')) {
    if (line.startsWith('@@')) {
      const [version, seconds, email] = line.slice(2).split(' ');
      versions.push({
        version: version!,
        authorEmail: email ?? '',
        committedAt: new Date(Number(seconds) * 1000),
        additions: 0,
        deletions: 0,
      });
      continue;
    }
    const current = versions.at(-1);
    const stat = /^(\d+|-)\t(\d+|-)\t/.exec(line);
    if (!current || !stat) continue;
    current.additions += stat[1] === '-' ? 0 : Number(stat[1]);
    current.deletions += stat[2] === '-' ? 0 : Number(stat[2]);
  }
  return versions;
}

/** The full sha of revision `sha` if it is a commit of this gist's history, else null. */
export async function gistRevision(git: GitRepositories, gistId: number, sha: string): Promise<string | null> {
  if (!/^[0-9a-f]{4,40}$/.test(sha)) return null;
  const commit = await git.commitOf(gistId, sha);
  const head = await gistHead(git, gistId);
  if (!commit || !head) return null;
  try {
    await git.git(gistId, ['merge-base', '--is-ancestor', commit, head]);
    return commit;
  } catch {
    return null;
  }
}
