// What a pull request reads from git: the head and base commits, whether the
// head has commits the base lacks, the diff counts against their merge base,
// and refs/pull/{n}/head, the server's copy of the head in the base
// repository (pushes to refs/pull/* are refused: server/git-http/push-hook.ts).
import { validationFailed } from '../http/api-error.js';
import type { GitRepositories } from '../repos/git.js';

export interface PullShas { head: string; base: string }
export interface DiffCounts { commits: number; additions: number; deletions: number; changed_files: number }

const invalid = (field: 'head' | 'base') => validationFailed([{ resource: 'PullRequest', field, code: 'invalid' }]);

/** The commit of branch `name`, or GitHub's 422 naming the field when there is no such branch. */
export async function branchSha(git: GitRepositories, repositoryId: number, name: string, field: 'head' | 'base'): Promise<string> {
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
  // --numstat: "added<TAB>deleted<TAB>path" per file, "-" for binary files.
  const lines = (await git.git(repositoryId, ['diff', '--numstat', '--no-renames', base, shas.head])).split('\n').filter(Boolean);
  let additions = 0;
  let deletions = 0;
  for (const line of lines) {
    const [added, deleted] = line.split('\t');
    additions += Number(added) || 0;
    deletions += Number(deleted) || 0;
  }
  return { commits, additions, deletions, changed_files: lines.length };
}

/** Points refs/pull/{number}/head at `sha` in the base repository, whatever it pointed at before. */
export async function writeHeadRef(git: GitRepositories, repositoryId: number, number: number, sha: string): Promise<void> {
  await git.git(repositoryId, ['update-ref', `refs/pull/${number}/head`, sha]);
}
