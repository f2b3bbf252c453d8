// What a pull request's `commits` and `files` read from git, in the base
// repository (it holds refs/pull/{n}/head, so the head's objects are there
// whatever becomes of the head branch): the commits on the head that the base
// lacks, oldest first, and the files changed from their merge base to the
// head (`base...head`, GitHub's three-dot diff), renames detected.
import type { GitRepositories } from '../../repos/git.js';
import type { ChangedFileModel, ChangeType } from './pull-models.js';

/** GitHub lists at most 250 commits of a pull request. */
export const MAX_PULL_COMMITS = 250;

export interface PullShas { repositoryId: number; base: string; head: string }

export async function pullCommitOids(git: GitRepositories, shas: PullShas): Promise<string[]> {
  const out = await git.git(shas.repositoryId, ['rev-list', '--reverse', `${shas.base}..${shas.head}`]);
  return out.split('\n').filter(Boolean).slice(0, MAX_PULL_COMMITS);
}

const CHANGE_TYPES: Record<string, ChangeType> = { A: 'ADDED', D: 'DELETED', M: 'MODIFIED', R: 'RENAMED', C: 'COPIED', T: 'CHANGED' };

/**
 * `--raw --numstat -z` prints every file twice, raw records first
 * (`:modes shas STATUS\0path\0`, two paths for a rename or copy), then
 * numstat records in the same order (`added\tdeleted\tpath\0`, or
 * `added\tdeleted\t\0from\0to\0` for a rename; `-` counts for binary files).
 */
export function parseRawNumstat(out: string): ChangedFileModel[] {
  const tokens = out.split('\0');
  const files: ChangedFileModel[] = [];
  const counts: { additions: number; deletions: number }[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token === '') { i += 1; continue; }
    if (token.startsWith(':')) {
      const status = token.split(' ').at(-1)!.charAt(0);
      const twoPaths = status === 'R' || status === 'C';
      const path = twoPaths ? tokens[i + 2]! : tokens[i + 1]!;
      files.push({ path, additions: 0, deletions: 0, changeType: CHANGE_TYPES[status] ?? 'CHANGED' });
      i += twoPaths ? 3 : 2;
      continue;
    }
    const [added = '', deleted = '', path = ''] = token.split('\t');
    counts.push({ additions: Number(added) || 0, deletions: Number(deleted) || 0 });
    i += path === '' ? 3 : 1;
  }
  return files.map((file, n) => ({ ...file, ...counts[n] }));
}

export async function pullChangedFiles(git: GitRepositories, shas: PullShas): Promise<ChangedFileModel[]> {
  const out = await git.git(shas.repositoryId, ['diff', '--raw', '--numstat', '-z', '-M', `${shas.base}...${shas.head}`]);
  return parseRawNumstat(out);
}
