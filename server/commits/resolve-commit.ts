// Turning what a caller names (a branch, a tag, a full or abbreviated sha,
// any revision git understands) into a commit sha, and the empty-repository
// answer GitHub gives before any of that.
import { conflict } from '../http/api-error.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repositories-store.js';

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The commit `ref` names, or null. Branches and tags are read as loose ref
 * files first (no subprocess on the hot path); anything else goes to
 * `git rev-parse`, with `--end-of-options` so a name is never an option.
 */
export async function resolveCommit(git: GitRepositories, repositoryId: number, ref: string): Promise<string | null> {
  if (!ref || ref.includes('\0')) return null;
  // A branch points at a commit (git's own rule for refs/heads/): its file is the answer.
  const branch = await git.resolveRef(repositoryId, `refs/heads/${ref}`);
  if (branch) return branch;
  // Tags may be annotated (a tag object) and shas may be abbreviated: git peels them.
  return peel(git, repositoryId, ref);
}

async function peel(git: GitRepositories, repositoryId: number, revision: string): Promise<string | null> {
  try {
    const sha = (await git.git(repositoryId, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`])).trim();
    return FULL_SHA.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/** 409 "Git Repository is empty." when the repository has no refs at all, as GitHub answers. */
export async function ensureNotEmpty(git: GitRepositories, repo: RepositoryRow): Promise<void> {
  if ((await git.listRefs(repo.id)).size === 0) throw conflict('Git Repository is empty.');
}
