// The commit a review or a review comment is written against: the pull
// request's head, or an earlier commit of it (GitHub lets a review and a
// comment be written against an older version of the diff). Callers answer
// anything else with their own GitHub message.
import type { PullFields } from '../../pulls/pull-rows.js';
import type { GitRepositories } from '../../repos/git.js';
import { isAncestor, isCommit } from '../../repos/git-commits.js';

/** The commit (lower case) when `commitId` is the head or one of the pull request's commits, else null. */
export async function commitOfPull(
  git: GitRepositories,
  repositoryId: number,
  pull: PullFields,
  commitId: string,
): Promise<string | null> {
  const sha = commitId.toLowerCase();
  if (sha === pull.head_sha) return sha;
  if (!/^[0-9a-f]{40}$/.test(sha) || !(await isCommit(git, repositoryId, sha))) return null;
  // A commit of the pull request: reached from its head, not from its base.
  if (
    !(await isAncestor(git, repositoryId, sha, pull.head_sha)) ||
    (await isAncestor(git, repositoryId, sha, pull.base_sha))
  )
    return null;
  return sha;
}
