// The `commit_id` of a new review comment: the pull request's head, or an
// earlier commit of it (GitHub lets a comment be written against an older
// version of the diff). Anything else is GitHub's 422.
import { validationFailed } from '../../http/api-error.js';
import type { PullFields } from '../../pulls/pull-rows.js';
import type { GitRepositories } from '../../repos/git.js';
import { isAncestor, isCommit } from '../../repos/git-commits.js';

const notPart = () => validationFailed([{
  resource: 'PullRequestReviewComment', field: 'commit_id', code: 'custom', message: 'commit_id is not part of the pull request',
}]);

export async function pullCommitOf(git: GitRepositories, repositoryId: number, pull: PullFields, commitId: string): Promise<string> {
  const sha = commitId.toLowerCase();
  if (sha === pull.head_sha) return sha;
  if (!/^[0-9a-f]{40}$/.test(sha) || !(await isCommit(git, repositoryId, sha))) throw notPart();
  // A commit of the pull request: reached from its head, not from its base.
  if (!(await isAncestor(git, repositoryId, sha, pull.head_sha)) || (await isAncestor(git, repositoryId, sha, pull.base_sha))) throw notPart();
  return sha;
}
