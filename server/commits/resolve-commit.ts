// Turning what a caller names (a branch, a tag, a full or abbreviated sha,
// any revision git understands) into a commit sha, and the empty-repository
// answer GitHub gives before any of that.
import { conflict } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The commit `ref` names, or null. Branches and tags are read as loose ref
 * files first (no subprocess on the hot path); anything else goes to
 * `git rev-parse`, with `--end-of-options` so a name is never an option.
 */
export async function resolveCommit(git: GitRepositories, repo: RepositoryRow, ref: string): Promise<string | null> {
  if (!ref || ref.includes('\0')) return null;
  // A branch points at a commit (git's own rule for refs/heads/): its head is the answer.
  const branch = await branchHead(git, repo, ref);
  if (branch) return branch;
  // Tags may be annotated (a tag object) and shas may be abbreviated: git peels them.
  return peel(git, repo.id, ref);
}

/**
 * Branch heads, remembered per repository row. Every ref change (a push, the
 * refs API, a commit Wharf makes) moves the repository's pushed_at, which
 * replaces its cached row, so a remembered head never outlives its branch.
 * Reading the ref file each time was a third of a commit list's CPU (four
 * file-system calls through the thread pool, profiled).
 */
const heads = new WeakMap<RepositoryRow, Map<string, string>>();
const MAX_HEADS_PER_REPOSITORY = 64;

export async function branchHead(git: GitRepositories, repo: RepositoryRow, name: string): Promise<string | null> {
  let known = heads.get(repo);
  const cached = known?.get(name);
  if (cached) return cached;
  const sha = await git.resolveRef(repo.id, `refs/heads/${name}`);
  if (sha) {
    if (!known) heads.set(repo, (known = new Map()));
    if (known.size >= MAX_HEADS_PER_REPOSITORY) known.clear();
    known.set(name, sha);
  }
  return sha;
}

async function peel(git: GitRepositories, repositoryId: number, revision: string): Promise<string | null> {
  try {
    const sha = (
      await git.git(repositoryId, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`])
    ).trim();
    return FULL_SHA.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/** 409 "Git Repository is empty." when the repository has no refs at all, as GitHub answers. */
export async function ensureNotEmpty(git: GitRepositories, repo: RepositoryRow): Promise<void> {
  if ((await git.listRefs(repo.id)).size === 0) throw conflict('Git Repository is empty.');
}
