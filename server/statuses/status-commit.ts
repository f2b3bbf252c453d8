// Which commit a status is about. POST …/statuses/{sha} takes a SHA (full or
// abbreviated, never a branch: a branch named like a SHA must not be read
// instead); the reads take any ref GitHub takes (a SHA, a branch or a tag).
import { refused } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { resolveCommit } from '../commits/resolve-commit.js';

const SHA_PREFIX = /^[0-9a-f]{4,64}$/i;
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** GitHub's 422 for a SHA that names no commit of the repository. */
export const noCommitFound = (sha: string) => refused(`No commit found for SHA: ${sha}`);

export async function commitOfSha(git: GitRepositories, repo: RepositoryRow, sha: string): Promise<string> {
  if (!SHA_PREFIX.test(sha)) throw noCommitFound(sha);
  try {
    const full = (
      await git.git(repo.id, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${sha.toLowerCase()}^{commit}`])
    ).trim();
    if (FULL_SHA.test(full)) return full;
  } catch {
    // not a commit (or ambiguous): the 422 below
  }
  throw noCommitFound(sha);
}

/** The commit a read's `ref` names, or null. */
export function commitOfRef(git: GitRepositories, repo: RepositoryRow, ref: string): Promise<string | null> {
  return resolveCommit(git, repo, ref);
}
