// The commit a `…/commits/{ref}/check-*` list is for: 422 when `ref` names
// no commit, as GitHub answers ("No commit found for SHA: …").
import { resolveCommit } from '../commits/resolve-commit.js';
import { unprocessable } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export async function commitOfRef(git: GitRepositories, repo: RepositoryRow, ref: string): Promise<string> {
  const sha = await resolveCommit(git, repo, ref);
  if (!sha) throw unprocessable(`No commit found for SHA: ${ref}`);
  return sha;
}
