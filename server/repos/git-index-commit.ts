// A commit that changes a few paths of its parent, made without a work tree:
// the parent's tree is read into a temporary index (GIT_INDEX_FILE), the
// paths are set or removed there, and write-tree and commit-tree make the
// tree and the commit. Nothing moves a ref here: the caller does that with
// compare-and-swap through changeRefs.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { identityEnv, type CommitIdentities, type GitRepositories } from './git.js';

export type PathChange = { path: string; mode: string; content: Buffer } | { path: string; remove: true };

export interface CommitDates {
  /** ISO 8601; git's own date format accepts it. */
  author: string;
  committer: string;
}

/** Git refused the change (a path that is both a file and a directory, a `.git` component, …). */
export class PathConflict extends Error {}

export async function commitPathChanges(
  git: GitRepositories,
  repositoryId: number,
  parent: string | null,
  changes: PathChange[],
  message: string,
  identities: CommitIdentities,
  dates: CommitDates,
): Promise<{ commit: string; tree: string; blobs: Map<string, string> }> {
  const index = join(git.pathOf(repositoryId), `wharf-index-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: index };
  const blobs = new Map<string, string>();
  try {
    if (parent) await git.git(repositoryId, ['read-tree', parent], undefined, env);
    for (const change of changes) {
      if ('remove' in change) {
        // Mode 0 removes the entry; --force-remove would want a work tree.
        await git.git(
          repositoryId,
          ['update-index', '-z', '--index-info'],
          `0 ${'0'.repeat(40)}\t${change.path}\0`,
          env,
        );
        continue;
      }
      const blob = (await git.git(repositoryId, ['hash-object', '-w', '--stdin'], change.content)).trim();
      blobs.set(change.path, blob);
      try {
        await git.git(
          repositoryId,
          ['update-index', '--add', '--cacheinfo', `${change.mode},${blob},${change.path}`],
          undefined,
          env,
        );
      } catch (error) {
        throw new PathConflict(String((error as { stderr?: string }).stderr ?? error).trim());
      }
    }
    const tree = (await git.git(repositoryId, ['write-tree'], undefined, env)).trim();
    const commit = (
      await git.git(repositoryId, ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], message, {
        ...identityEnv(identities),
        GIT_AUTHOR_DATE: dates.author,
        GIT_COMMITTER_DATE: dates.committer,
      })
    ).trim();
    return { commit, tree, blobs };
  } finally {
    await rm(index, { force: true });
    await rm(`${index}.lock`, { force: true });
  }
}
