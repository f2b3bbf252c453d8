// What a pull request's `commits` and `files` read from git, in the base
// repository (it holds refs/pull/{n}/head, so the head's objects are there
// whatever becomes of the head branch): the commits on the head that the base
// lacks, oldest first, and the files changed from their merge base to the
// head, with REST's readers (server/pulls/pull-diff.ts): renames detected, a
// rename one file.
import type { FileStatus } from '../../commits/commit-diff.js';
import { pullCommitShas, pullFileSummary } from '../../pulls/pull-diff.js';
import type { GitRepositories } from '../../repos/git.js';
import type { ChangedFileModel, ChangeType } from './pull-models.js';

export interface PullShas {
  repositoryId: number;
  base: string;
  head: string;
}

export async function pullCommitOids(git: GitRepositories, shas: PullShas): Promise<string[]> {
  return (await pullCommitShas(git, shas.repositoryId, { base_sha: shas.base, head_sha: shas.head })).shas;
}

const CHANGE_TYPES: Record<FileStatus, ChangeType> = {
  added: 'ADDED',
  removed: 'DELETED',
  modified: 'MODIFIED',
  renamed: 'RENAMED',
  copied: 'COPIED',
  changed: 'CHANGED',
};

export async function pullChangedFiles(git: GitRepositories, shas: PullShas): Promise<ChangedFileModel[]> {
  const files = await pullFileSummary(git, shas.repositoryId, { base_sha: shas.base, head_sha: shas.head });
  return files.map((file) => ({
    path: file.filename,
    additions: file.additions,
    deletions: file.deletions,
    changeType: CHANGE_TYPES[file.status],
  }));
}

/** Whether the head lacks commits of the base (`viewerCanUpdateBranch`): their merge base is not the base. */
export async function headBehindBase(git: GitRepositories, shas: PullShas): Promise<boolean> {
  const mergeBase = (await git.git(shas.repositoryId, ['merge-base', shas.base, shas.head])).trim();
  return mergeBase !== shas.base;
}
