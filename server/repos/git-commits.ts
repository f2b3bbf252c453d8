// Reading commits for event payloads: which commits a ref change brought in,
// and each commit's message, author, committer and changed paths.
import type { GitRepositories } from './git.js';

/** Commits listed in a push payload; GitHub's classic cap (the rest is in `compare`). */
export const MAX_PUSH_COMMITS = 20;

export interface CommitInfo {
  id: string;
  tree_id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
  committer: { name: string; email: string };
  added: string[];
  removed: string[];
  modified: string[];
}

/** Field separator in `git log` output: git writes NUL for `%x00` (an argument cannot hold one). */
const SEP = '\x00';
const FORMAT = ['%H', '%T', '%an', '%ae', '%aI', '%cn', '%ce', '%B'].join('%x00');

export async function isCommit(git: GitRepositories, repositoryId: number, sha: string): Promise<boolean> {
  return (await git.objectType(repositoryId, sha)) === 'commit';
}

export async function commitInfo(git: GitRepositories, repositoryId: number, sha: string): Promise<CommitInfo> {
  const meta = await git.git(repositoryId, ['log', '-1', `--format=${FORMAT}`, sha]);
  const [id, tree, authorName, authorEmail, authorDate, committerName, committerEmail, ...message] = meta.split(SEP);
  const changes = await git.git(repositoryId, ['diff-tree', '--root', '--no-commit-id', '-r', '--name-status', '--no-renames', sha]);
  const info: CommitInfo = {
    id: id!, tree_id: tree!, message: message.join(SEP).replace(/\n+$/, ''), timestamp: authorDate!,
    author: { name: authorName!, email: authorEmail! }, committer: { name: committerName!, email: committerEmail! },
    added: [], removed: [], modified: [],
  };
  for (const line of changes.split('\n')) {
    const [status, path] = line.split('\t');
    if (!status || path === undefined) continue;
    if (status === 'A') info.added.push(path);
    else if (status === 'D') info.removed.push(path);
    else info.modified.push(path);
  }
  return info;
}

/**
 * The commits a ref change brought in, oldest first, at most MAX_PUSH_COMMITS
 * (the newest ones): `before..after` for an update, and for a new ref the
 * commits no other ref already had.
 */
export async function pushedCommits(git: GitRepositories, repositoryId: number, before: string | null, after: string, otherRefShas: string[]): Promise<string[]> {
  const range = before ? [`${before}..${after}`] : [after, '--not', ...otherRefShas];
  const out = await git.git(repositoryId, ['rev-list', `--max-count=${MAX_PUSH_COMMITS}`, ...range, '--']);
  return out.split('\n').filter(Boolean).reverse();
}

/** True when `before` is not an ancestor of `after` (history was rewritten). */
export async function isForced(git: GitRepositories, repositoryId: number, before: string, after: string): Promise<boolean> {
  try {
    await git.git(repositoryId, ['merge-base', '--is-ancestor', before, after]);
    return false;
  } catch {
    return true;
  }
}
