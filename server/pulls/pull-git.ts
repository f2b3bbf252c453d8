// What a pull request reads from git: the head and base commits, whether the
// head has commits the base lacks, the diff counts against their merge base,
// and refs/pull/{n}/head, the server's copy of the head in the base
// repository (pushes to refs/pull/* are refused: server/git-http/push-hook.ts).
import { diffSummary, diffTotals } from '../commits/commit-diff.js';
import { validationFailed } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';

export interface PullShas {
  head: string;
  base: string;
}
export interface DiffCounts {
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
}

const invalid = (field: 'head' | 'base') => validationFailed([{ resource: 'PullRequest', field, code: 'invalid' }]);

/** The commit of branch `name`, or GitHub's 422 naming the field when there is no such branch. */
export async function branchSha(
  git: GitRepositories,
  repositoryId: number,
  name: string,
  field: 'head' | 'base',
): Promise<string> {
  if (!(await git.isValidRefName(`refs/heads/${name}`))) throw invalid(field);
  const sha = await git.resolveRef(repositoryId, `refs/heads/${name}`);
  if (!sha) throw invalid(field);
  return sha;
}

/** Commits on the head not on the base, and the diff from their merge base to the head. */
export async function diffCounts(git: GitRepositories, repositoryId: number, shas: PullShas): Promise<DiffCounts> {
  const commits = Number((await git.git(repositoryId, ['rev-list', '--count', `${shas.base}..${shas.head}`])).trim());
  if (commits === 0) return { commits, additions: 0, deletions: 0, changed_files: 0 };
  const base = (await git.git(repositoryId, ['merge-base', shas.base, shas.head])).trim();
  // The same summary as a commit's `files` (renames detected: a rename is one changed file, as GitHub).
  return { commits, ...diffTotals(await diffSummary(git, repositoryId, base, shas.head)) };
}

/** Points refs/pull/{number}/head at `sha` in the base repository, whatever it pointed at before. */
export async function writeHeadRef(
  git: GitRepositories,
  repositoryId: number,
  number: number,
  sha: string,
): Promise<void> {
  await git.git(repositoryId, ['update-ref', `refs/pull/${number}/head`, sha]);
}
