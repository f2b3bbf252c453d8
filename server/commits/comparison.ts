// What GET …/compare/{basehead} reports about two commits, from git: their
// merge base, how far each is from the other, and the head's commits since
// the base, oldest first, as GitHub lists them.
import { notFound } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import { logRecords, type CommitRecord } from './commit-records.js';

export interface Counts {
  mergeBase: string;
  aheadBy: number;
  behindBy: number;
}

export type CompareStatus = 'identical' | 'ahead' | 'behind' | 'diverged';

export async function compareCounts(
  git: GitRepositories,
  repositoryId: number,
  base: string,
  head: string,
): Promise<Counts> {
  const [mergeBase, counts] = await Promise.all([
    git.git(repositoryId, ['merge-base', base, head]).then(
      (out) => out.trim(),
      () => '',
    ),
    git.git(repositoryId, ['rev-list', '--left-right', '--count', `${base}...${head}`, '--']),
  ]);
  if (!mergeBase) throw notFound(`No common ancestor between ${base} and ${head}.`);
  const [behind, ahead] = counts.trim().split(/\s+/).map(Number);
  return { mergeBase, aheadBy: ahead ?? 0, behindBy: behind ?? 0 };
}

export function compareStatus({ aheadBy, behindBy }: Pick<Counts, 'aheadBy' | 'behindBy'>): CompareStatus {
  if (aheadBy === 0 && behindBy === 0) return 'identical';
  if (behindBy === 0) return 'ahead';
  if (aheadBy === 0) return 'behind';
  return 'diverged';
}

/**
 * Commits `offset` to `offset + count` (oldest first) of base..head, which
 * has `total` commits: `git log` lists newest first and applies --skip before
 * --reverse, so the window is counted from the newest end, in one process.
 */
export async function comparedCommits(
  git: GitRepositories,
  repositoryId: number,
  base: string,
  head: string,
  total: number,
  offset: number,
  count: number,
): Promise<CommitRecord[]> {
  const end = Math.min(total, offset + count);
  if (end <= offset) return [];
  return logRecords(git, repositoryId, [
    '--reverse',
    `--skip=${total - end}`,
    `--max-count=${end - offset}`,
    `${base}..${head}`,
    '--',
  ]);
}
