// The `commit_id` of a new review comment (review-commit.ts); anything else is GitHub's 422.
import { validationFailed } from '../../../errors/domain-error.js';
import type { PullFields } from '../../../pulls/pull-rows.js';
import type { GitRepositories } from '../../../repos/git.js';
import { commitOfPull } from '../review-commit.js';

export async function pullCommitOf(
  git: GitRepositories,
  repositoryId: number,
  pull: PullFields,
  commitId: string,
): Promise<string> {
  const sha = await commitOfPull(git, repositoryId, pull, commitId);
  if (sha === null) {
    throw validationFailed([
      {
        resource: 'PullRequestReviewComment',
        field: 'commit_id',
        code: 'custom',
        message: 'commit_id is not part of the pull request',
      },
    ]);
  }
  return sha;
}
